import { issue, type ValidationIssue } from './issue';

/** Spec §5: without an explicit list any image type is accepted. */
export const DEFAULT_ACCEPT: readonly string[] = ['image/*'];

const WILDCARDS = new Set(['image/*', 'audio/*', 'video/*']);

/** The parts of a File this check needs, so the server can use it on upload metadata too. */
export interface FileLike {
  name: string;
  type: string;
}

/**
 * Spec §5: an entry is a wildcard for image, audio or video, an exact MIME type, or a name
 * suffix starting with a dot. Comparison ignores case ("photo.JPG" matches ".jpg").
 */
export function matchesAccept(file: FileLike, accept: readonly string[] = DEFAULT_ACCEPT): boolean {
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  return accept.some((raw) => {
    const entry = raw.trim().toLowerCase();
    if (entry.startsWith('.')) return name.endsWith(entry);
    if (WILDCARDS.has(entry)) return type.startsWith(entry.slice(0, -1));
    return entry !== '' && type === entry;
  });
}

/** 'Invalid file type. (Allowed types - {list})' when any file misses the list. */
export function fileTypeIssue(files: readonly FileLike[], accept: readonly string[] = DEFAULT_ACCEPT): ValidationIssue | null {
  return files.every((file) => matchesAccept(file, accept)) ? null : issue('validation.fileType', { list: accept.join(', ') });
}
