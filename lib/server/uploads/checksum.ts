import 'server-only';
import { createHash } from 'node:crypto';
import { AppError } from '../errors';

/** tus checksum extension: the algorithms we verify (`Tus-Checksum-Algorithm`). */
export const CHECKSUM_ALGORITHMS = ['sha1', 'sha256'] as const;
export type Algorithm = (typeof CHECKSUM_ALGORITHMS)[number];

/** `Upload-Checksum: <algorithm> <base64 digest>`; an unsupported algorithm or a malformed value is 400. */
export function parseUploadChecksum(header: string | null): { algorithm: Algorithm; digest: string } | null {
  if (header === null) return null;
  const match = /^([a-z0-9-]+) ([A-Za-z0-9+/]+={0,2})$/.exec(header.trim());
  if (!match) throw new AppError('bad_request', 'Upload-Checksum must be "<algorithm> <base64 digest>"', undefined, 'errors.uploads.badChecksum');
  const algorithm = match[1] as Algorithm;
  if (!CHECKSUM_ALGORITHMS.includes(algorithm)) {
    throw new AppError('bad_request', `Checksum algorithm ${match[1]} is not supported`, { supported: [...CHECKSUM_ALGORITHMS] }, 'errors.uploads.badChecksum');
  }
  return { algorithm, digest: match[2]! };
}

export function checksumMatches(expected: { algorithm: Algorithm; digest: string }, body: Uint8Array): boolean {
  return createHash(expected.algorithm).update(body).digest('base64') === expected.digest;
}
