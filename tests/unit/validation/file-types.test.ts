/** @jest-environment node */
import { DEFAULT_ACCEPT, fileTypeIssue, matchesAccept } from '@/lib/shared/validation/file-types';

const file = (name: string, type: string) => ({ name, type });

describe('accepted file types', () => {
  it('defaults to any image type', () => {
    expect(DEFAULT_ACCEPT).toEqual(['image/*']);
    expect(matchesAccept(file('a.png', 'image/png'))).toBe(true);
    expect(matchesAccept(file('a.heic', 'image/heic'))).toBe(true);
    expect(matchesAccept(file('a.pdf', 'application/pdf'))).toBe(false);
  });
  it.each([
    ['image/*', file('a.jpg', 'image/jpeg'), true],
    ['audio/*', file('a.mp3', 'audio/mpeg'), true],
    ['video/*', file('a.mp4', 'video/mp4'), true],
    ['video/*', file('a.mp3', 'audio/mpeg'), false],
    ['application/pdf', file('a.pdf', 'application/pdf'), true],
    ['application/pdf', file('a.pdf', 'application/pdf-x'), false],
    ['.las', file('scan.LAS', ''), true],
    ['.las', file('scan.laz', ''), false],
    ['.e57', file('dir/scan.e57', 'application/octet-stream'), true],
  ])('%s vs %p → %p', (entry, candidate, expected) => {
    expect(matchesAccept(candidate, [entry])).toBe(expected);
  });
  it('only the three media wildcards are wildcards', () => {
    expect(matchesAccept(file('a.json', 'application/json'), ['application/*'])).toBe(false);
  });
  it('a single mismatch reports the whole allowed list', () => {
    const accept = ['image/*', '.las'];
    expect(fileTypeIssue([file('a.png', 'image/png'), file('b.las', '')], accept)).toBeNull();
    expect(fileTypeIssue([file('a.png', 'image/png'), file('b.txt', 'text/plain')], accept)).toEqual({
      key: 'validation.fileType',
      values: { list: 'image/*, .las' },
    });
  });
});
