import 'server-only';
import { TOUR_ARCHIVE_DISK_SCRIPT, TOUR_ARCHIVE_FILES, TOUR_ARCHIVE_FOLDERS, TOUR_ARCHIVE_PANORAMA_FILE } from '@/lib/shared/schemas/tour-archive';

export type PathVerdict = 'file' | 'folder' | 'unsafe' | 'unexpected';

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/**
 * What a path inside an archive is. Unsafe: absolute, a drive letter, a backslash, `.` or `..`
 * segments, control characters, or a symbolic link — whatever could land outside the tour if
 * unpacked. Everything else must be one of the archive's own names.
 */
export function classifyPath(name: string, unixMode: number): PathVerdict {
  if (name.length === 0 || name.length > 200) return 'unsafe';
  if (name.startsWith('/') || name.includes('\\') || /^[a-z]:/i.test(name) || /[\u0000-\u001f\u007f]/.test(name)) return 'unsafe';
  const segments = name.replace(/\/$/, '').split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return 'unsafe';
  if ((unixMode & S_IFMT) === S_IFLNK) return 'unsafe';
  if (name.endsWith('/')) return TOUR_ARCHIVE_FOLDERS.test(name) ? 'folder' : 'unexpected';
  if ((TOUR_ARCHIVE_FILES as readonly string[]).includes(name) || TOUR_ARCHIVE_PANORAMA_FILE.test(name) || TOUR_ARCHIVE_DISK_SCRIPT.test(name)) return 'file';
  return 'unexpected';
}
