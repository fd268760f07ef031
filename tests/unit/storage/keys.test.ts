/** @jest-environment node */
import { AppError } from '@/lib/server/errors';
import { assertKey, assertPrefix, jobScratchPrefix, joinKey, safeSegment, tempKey } from '@/lib/server/storage/keys';
import { assertUpload, isAllowedType } from '@/lib/server/storage/upload-guard';

function rejection(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    return err as AppError;
  }
  throw new Error('expected a rejection');
}

describe('assertKey', () => {
  it.each(['a', 'missions/12/datasets/7/original.laz', 'tmp/x/Gebäude Süd.e57', 'a/.hidden', 'a..b/c', 'x/y/z.json'])('accepts %p', (key) => {
    expect(assertKey(key)).toBe(key);
  });

  it.each([
    ['', 'empty'],
    ['/etc/passwd', 'absolute'],
    ['../secret', '".."'],
    ['a/../../b', '".."'],
    ['a/./b', '"."'],
    ['./a', '"."'],
    ['a//b', 'empty path segment'],
    ['a/', 'ends with a slash'],
    ['a\\..\\b', 'backslash'],
    ['a\u0000b', 'control character'],
    ['a\nb', 'control character'],
    ['C:/Windows', 'drive-letter'],
    ['Geba\u0308ude', 'NFC'],
    [`${'x'.repeat(201)}/a`, 'segment longer'],
    ['a/'.repeat(600) + 'b', 'longer than 1024'],
  ])('rejects %p (%s) with bad_request', (key, reason) => {
    const err = rejection(() => assertKey(key));
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe('bad_request');
    expect(err.status).toBe(400);
    expect(err.message).toContain(reason);
  });

  it('rejects non-strings', () => {
    expect(rejection(() => assertKey(42)).code).toBe('bad_request');
    expect(rejection(() => assertKey(undefined)).code).toBe('bad_request');
  });
});

describe('key helpers', () => {
  it('validates prefixes, allowing the empty prefix and a trailing slash', () => {
    expect(assertPrefix('')).toBe('');
    expect(assertPrefix('missions/12/')).toBe('missions/12/');
    expect(assertPrefix('missions/1')).toBe('missions/1');
    expect(rejection(() => assertPrefix('../')).code).toBe('bad_request');
    expect(rejection(() => assertPrefix('/')).code).toBe('bad_request');
  });

  it('turns untrusted file names into one safe segment', () => {
    expect(safeSegment('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(safeSegment('..')).toBe('file');
    expect(safeSegment('a\\b\u0000c.txt')).toBe('a_b_c.txt');
    expect(safeSegment('Geba\u0308ude.laz')).toBe('Gebäude.laz');
    expect(Buffer.byteLength(safeSegment('ä'.repeat(300)))).toBeLessThanOrEqual(200);
    expect(() => assertKey(joinKey('uploads', safeSegment('../../x')))).not.toThrow();
  });

  it('builds temporary and scratch keys under tmp/', () => {
    expect(tempKey('scan.laz')).toMatch(/^tmp\/[0-9a-f-]{36}\/scan\.laz$/);
    expect(jobScratchPrefix('0f8c6d3e-1111-4222-8333-944445555666')).toBe('tmp/jobs/0f8c6d3e-1111-4222-8333-944445555666/');
    expect(rejection(() => joinKey('a', '..', 'b')).code).toBe('bad_request');
  });
});

describe('assertUpload', () => {
  const allowed = ['image/jpeg', 'image/png', 'application/vnd.las', 'text/*'];

  it('accepts a fitting upload, ignoring media type parameters and case', () => {
    expect(() => assertUpload({ size: 10, maxBytes: 10, contentType: 'IMAGE/PNG', allowed })).not.toThrow();
    expect(() => assertUpload({ size: undefined, maxBytes: 10, contentType: 'text/plain; charset=utf-8', allowed })).not.toThrow();
  });

  it('answers 413 for a file over the limit', () => {
    const err = rejection(() => assertUpload({ size: 11, maxBytes: 10, contentType: 'image/png', allowed }));
    expect(err.code).toBe('payload_too_large');
    expect(err.status).toBe(413);
  });

  it('answers 415 for a type that is not accepted', () => {
    for (const contentType of ['application/zip', '', null, 'image', 'image/gif']) {
      const err = rejection(() => assertUpload({ size: 1, maxBytes: 10, contentType, allowed }));
      expect(err.code).toBe('unsupported_media_type');
      expect(err.status).toBe(415);
    }
  });

  it('matches wildcards', () => {
    expect(isAllowedType('image/webp', ['image/*'])).toBe(true);
    expect(isAllowedType('imagex/webp', ['image/*'])).toBe(false);
    expect(isAllowedType('application/x-anything', ['*/*'])).toBe(true);
  });
});
