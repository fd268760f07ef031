import 'server-only';
import { createHash, type Hash } from 'node:crypto';

/*
 * The SHA-256 of an upload's bytes so far, kept as the bytes arrive, so the finish hook need not
 * read the whole file back (about a second per 512 MiB on this kind of disk, a fifth of an upload).
 *
 * Truthful by construction: a tus upload only ever appends, and a request's bytes are taken back
 * unless all of them were stored, so the file's first `offset` bytes never change once written.
 * A digest is therefore recorded only for bytes known to be stored (after a request succeeded,
 * under the upload's lock, or in the finish hook, which runs after tus stored them) and is
 * continued only by a request starting exactly at its offset. A request that cannot be followed
 * (streamed through @tus/server, or served by another process) leaves no digest at its end, and
 * the finish hook falls back to reading the file.
 */

interface Digest {
  offset: number;
  hash: Hash;
}

/** Bounded: one entry per upload in flight; the oldest goes first. */
const MAX_DIGESTS = 1000;

// One map per process: the route handler and the app server's PATCH path (node-patch.ts) are bundled apart.
const holder = globalThis as unknown as { __argusUploadDigests?: Map<string, Digest> };
const digests = (holder.__argusUploadDigests ??= new Map<string, Digest>());

/**
 * A hash to continue with bytes from `offset` on: a copy of the upload's digest when it ends there,
 * a fresh one at 0, or null when the bytes before `offset` were not followed.
 */
export function continueDigest(id: string, offset: number): Hash | null {
  if (offset === 0) return createHash('sha256');
  const known = digests.get(id);
  return known && known.offset === offset ? known.hash.copy() : null;
}

/** Records that the upload's first `offset` bytes are stored and hash to `hash`. */
export function recordDigest(id: string, offset: number, hash: Hash): void {
  digests.delete(id);
  if (digests.size >= MAX_DIGESTS) digests.delete(digests.keys().next().value!);
  digests.set(id, { offset, hash });
}

/** The hex SHA-256 of the upload's first `size` bytes, when they were followed; forgets the digest. */
export function takeDigest(id: string, size: number): string | null {
  const known = digests.get(id);
  digests.delete(id);
  return known && known.offset === size ? known.hash.digest('hex') : null;
}

export function forgetDigest(id: string): void {
  digests.delete(id);
}
