import 'server-only';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { storedFile } from '../db/schema';
import type { Executor } from '../jobs/define';
import type { Storage } from '../storage/types';
import { readAll } from '../storage/read-all';
import { CloudError, onCloud } from './cloud-errors';

/** What an operation works with: the inventory's database and both tiers. */
export interface Tiers {
  db: Executor;
  local: Storage;
  cloud: Storage;
  /** Files moved at the same time. */
  concurrency: number;
  signal?: AbortSignal;
  now?: () => Date;
}

export const nowOf = (t: Tiers) => (t.now ? t.now() : new Date());

/** The source's bytes did not hash to the recorded SHA-256: the source copy is damaged. */
export class SourceMismatch extends Error {
  override name = 'SourceMismatch';
}

/**
 * Files up to this size are copied through memory: read whole, hashed on the thread pool and
 * written in one call (storage/checksum.ts verifyBuffer), so many small files use every core.
 * Larger ones stream, hashed on the way. Memory stays bounded: concurrency × this size at most.
 */
export const IN_MEMORY_COPY_MAX = 8 * 1024 * 1024;

/**
 * Copies one file from a tier to the other and proves the copy: the bytes are hashed on the way
 * and the write is committed only when they match the recorded size and SHA-256, then the copy is
 * read back by its metadata. Memory stays bounded whatever the file's size (IN_MEMORY_COPY_MAX).
 */
export async function copyVerified(from: Storage, to: Storage, key: string, expect: { size: number; sha256: string }, toCloud: boolean, signal?: AbortSignal): Promise<void> {
  const read = async () => {
    const source = await from.get(key);
    return { contentType: source.contentType, body: expect.size <= IN_MEMORY_COPY_MAX ? await readAll(source.body) : source.body };
  };
  const source = toCloud ? await read() : await onCloud(read);
  const write = () => to.put(key, source.body, { expectedSha256: expect.sha256, expectedSize: expect.size, contentType: source.contentType, signal });
  try {
    await (toCloud ? onCloud(write) : write());
  } catch (err) {
    if (source.body instanceof Readable) source.body.destroy();
    if (err instanceof CloudError && err.fault === 'checksum') throw new SourceMismatch(key);
    if (!toCloud && (err as { code?: string }).code === 'unprocessable') throw new SourceMismatch(key);
    throw err;
  }
  const head = toCloud ? await onCloud(() => to.head(key)) : await to.head(key);
  if (!head || head.size !== expect.size || (head.sha256 !== null && head.sha256 !== expect.sha256)) throw new CloudError('checksum', new Error(`copy of ${key} does not verify`));
}

export async function markCloudCopy(db: Executor, id: number, copy: { size: number; sha256: string; at: Date } | null): Promise<void> {
  await db
    .update(storedFile)
    .set(copy ? { cloudSize: copy.size, cloudSha256: copy.sha256, cloudVerifiedAt: copy.at, updatedAt: copy.at } : { cloudSize: null, cloudSha256: null, cloudVerifiedAt: null, updatedAt: new Date() })
    .where(eq(storedFile.id, id));
}
