/** @jest-environment node */
import { contentDisposition, contentRange, ifRangeAllows, noneMatch, notModifiedSince, parseRange } from '@/lib/server/storage/range';

describe('parseRange', () => {
  const size = 1000;

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=100-', 100, 999],
    ['bytes=-100', 900, 999],
    ['bytes=990-5000', 990, 999],
    ['bytes=999-999', 999, 999],
    ['bytes=-5000', 0, 999],
    ['BYTES = 5-9', 5, 9],
    ['bytes=0-', 0, 999],
  ])('%s → %i-%i', (header, start, end) => {
    expect(parseRange(header, size)).toEqual({ kind: 'partial', range: { start, end } });
  });

  it.each(['bytes=1000-', 'bytes=1000-2000', 'bytes=-0', 'bytes=99999999999999999999-'])('%s is unsatisfiable', (header) => {
    expect(parseRange(header, size)).toEqual({ kind: 'unsatisfiable' });
  });

  it('treats any range of an empty file as unsatisfiable', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-10', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it.each([null, undefined, '', 'items=0-5', 'bytes=', 'bytes=abc', 'bytes=5', 'bytes=9-5', 'bytes=0-1,5-9', 'bytes=-', 'bytes=1.5-2', 'bytes=-1-2', 'bytes=0x1-2'])(
    'ignores %p (whole file)',
    (header) => {
      expect(parseRange(header, size)).toEqual({ kind: 'full' });
    },
  );

  it('formats Content-Range', () => {
    expect(contentRange({ start: 0, end: 99 }, 1000)).toBe('bytes 0-99/1000');
  });
});

describe('validators', () => {
  const etag = '"abc"';
  const lastModified = new Date('2026-03-01T10:00:00.500Z');

  it('If-None-Match compares weakly and accepts lists and *', () => {
    expect(noneMatch('"abc"', etag)).toBe(true);
    expect(noneMatch('W/"abc"', etag)).toBe(true);
    expect(noneMatch('"x", "abc"', etag)).toBe(true);
    expect(noneMatch('*', etag)).toBe(true);
    expect(noneMatch('"abd"', etag)).toBe(false);
    expect(noneMatch(null, etag)).toBe(false);
  });

  it('If-Range needs a strong match or the exact date', () => {
    expect(ifRangeAllows(null, etag, lastModified)).toBe(true);
    expect(ifRangeAllows('"abc"', etag, lastModified)).toBe(true);
    expect(ifRangeAllows('"old"', etag, lastModified)).toBe(false);
    expect(ifRangeAllows('W/"abc"', etag, lastModified)).toBe(false);
    expect(ifRangeAllows('"abc"', 'W/"abc"', lastModified)).toBe(false);
    expect(ifRangeAllows(lastModified.toUTCString(), etag, lastModified)).toBe(true);
    expect(ifRangeAllows(new Date('2026-03-01T09:00:00Z').toUTCString(), etag, lastModified)).toBe(false);
    expect(ifRangeAllows('not a date', etag, lastModified)).toBe(false);
  });

  it('If-Modified-Since compares to the second', () => {
    expect(notModifiedSince(lastModified.toUTCString(), lastModified)).toBe(true);
    expect(notModifiedSince(new Date('2026-02-28T00:00:00Z').toUTCString(), lastModified)).toBe(false);
    expect(notModifiedSince('garbage', lastModified)).toBe(false);
  });
});

describe('contentDisposition', () => {
  it('keeps ASCII names and adds the RFC 5987 form', () => {
    expect(contentDisposition('report.pdf')).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
  });

  it('encodes non-ASCII names and gives a readable fallback', () => {
    expect(contentDisposition('Gebäude Süd (1).laz', 'inline')).toBe(
      `inline; filename="Gebaude Sud (1).laz"; filename*=UTF-8''Geb%C3%A4ude%20S%C3%BCd%20%281%29.laz`,
    );
  });

  it('neutralises quotes, separators and control characters', () => {
    const header = contentDisposition('a"b/c\\d\r\ne.txt');
    expect(header).toBe(`attachment; filename="a_b_c_d__e.txt"; filename*=UTF-8''a%22b_c_d__e.txt`);
    expect(header).not.toMatch(/[\r\n]/);
  });
});
