import 'server-only';
import { randomUUID } from 'node:crypto';
import { AppError } from '../errors';

/**
 * Object keys are S3-style paths (`missions/12/datasets/7/original.laz`). The same key must be
 * safe as a relative file path under the filesystem driver's root, so anything that could
 * escape it or be read two ways is rejected rather than repaired: a key is accepted only in
 * its normalized form.
 */
const MAX_KEY_BYTES = 1024; // S3's limit
const MAX_SEGMENT_BYTES = 200; // filesystems allow 255; the driver appends suffixes
const FORBIDDEN = /[\u0000-\u001f\u007f\\]/;

function reject(key: unknown, reason: string): never {
  throw new AppError('bad_request', `Invalid storage key: ${reason}`, { key: typeof key === 'string' ? key.slice(0, 200) : String(key) });
}

/** Returns the key if it is valid and normalized; throws AppError(bad_request) otherwise. */
export function assertKey(key: unknown): string {
  if (typeof key !== 'string' || key.length === 0) reject(key, 'empty');
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) reject(key, `longer than ${MAX_KEY_BYTES} bytes`);
  if (FORBIDDEN.test(key)) reject(key, 'contains a control character or a backslash');
  if (key.normalize('NFC') !== key) reject(key, 'not in Unicode NFC form');
  if (key.startsWith('/')) reject(key, 'absolute path');
  if (/^[a-zA-Z]:/.test(key)) reject(key, 'drive-letter path');
  if (key.endsWith('/')) reject(key, 'ends with a slash');
  for (const segment of key.split('/')) {
    if (segment === '') reject(key, 'empty path segment');
    if (segment === '.' || segment === '..') reject(key, `"${segment}" segment`);
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) reject(key, `segment longer than ${MAX_SEGMENT_BYTES} bytes`);
  }
  return key;
}

/**
 * A listing prefix: '' (everything), a directory-like prefix ending in '/', or a key prefix
 * (`missions/12/data` also matches `missions/12/datasets/…`, as in S3).
 */
export function assertPrefix(prefix: unknown): string {
  if (prefix === '') return '';
  if (typeof prefix !== 'string') reject(prefix, 'prefix must be a string');
  assertKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
  return prefix;
}

/**
 * Turns an untrusted name (an uploaded file's name) into one safe key segment: NFC, no
 * separators or control characters, no leading dots, bounded length, never empty.
 */
export function safeSegment(name: string, fallback = 'file'): string {
  let s = name.normalize('NFC').replace(/[\u0000-\u001f\u007f/\\]+/g, '_').trim().replace(/^\.+/, '');
  while (Buffer.byteLength(s) > MAX_SEGMENT_BYTES) s = s.slice(0, -1);
  return s === '' ? fallback : s;
}

/** Joins segments into a key and validates the result. */
export function joinKey(...segments: Array<string | number>): string {
  return assertKey(segments.map(String).join('/'));
}

/**
 * Temporary objects live under `tmp/`; maintenance.cleanup deletes those older than 24 hours.
 * Resumable uploads and job scratch space go here, and are moved into place when complete.
 */
export const TEMP_PREFIX = 'tmp/';

export function tempKey(name = 'part'): string {
  return joinKey('tmp', randomUUID(), safeSegment(name));
}

/** Scratch space of one job; the worker empties it before a retry and after the job ends. */
export function jobScratchPrefix(jobId: string): string {
  return `${joinKey('tmp', 'jobs', jobId)}/`;
}
