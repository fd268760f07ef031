import 'server-only';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { storedFile } from '../db/schema';
import type { Executor } from '../jobs/define';
import type { Storage } from '../storage/types';
import { readAll } from '../storage/read-all';
import { AppError } from '../errors';
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
 * Copies one file from a tier to the other and proves the copy. Between two filesystems whose
 * source keeps the XXH3 taken with its SHA-256 (copyFileVerified): the kernel copies, the copy is
 * read back and must hash to it. Otherwise, or when that copy does not verify: the bytes are
 * hashed with SHA-256 on the way and the write is committed only when they match the recorded
 * size and SHA-256, then the copy's metadata is read back; a source that does not match is
 * SourceMismatch. Memory stays bounded whatever the file's size (IN_MEMORY_COPY_MAX).
 */
export async function copyVerified(from: Storage, to: Storage, key: string, expect: { size: number; sha256: string }, toCloud: boolean, signal?: AbortSignal): Promise<void> {
  if (await copyFileVerified(from, to, key, expect, toCloud, signal)) return;
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

/**
 * The filesystem to filesystem copy: true when it is done and verified; false when it does not
 * apply (not two filesystems, no XXH3 recorded with this SHA-256) or the copy did not read back
 * as recorded, so that the SHA-256 copy decides whether the source or the copy is at fault.
 */
async function copyFileVerified(from: Storage, to: Storage, key: string, expect: { size: number; sha256: string }, toCloud: boolean, signal?: AbortSignal): Promise<boolean> {
  if (!from.filePath || !to.putFileVerified) return false;
  const cloud = <T>(call: () => Promise<T>) => (toCloud ? call() : onCloud(call));
  const source = await cloud(() => from.head(key));
  if (!source?.xxh3 || source.sha256 !== expect.sha256 || source.size !== expect.size) return false;
  const write = () => to.putFileVerified!(key, from.filePath!(key), { ...expect, xxh3: source.xxh3!, contentType: source.contentType, signal });
  try {
    await (toCloud ? onCloud(write) : write());
    return true;
  } catch (err) {
    if ((err instanceof CloudError && err.fault === 'checksum') || (err instanceof AppError && err.code === 'unprocessable')) return false;
    throw err;
  }
}

export async function markCloudCopy(db: Executor, id: number, copy: { size: number; sha256: string; at: Date } | null): Promise<void> {
  await db
    .update(storedFile)
    .set(copy ? { cloudSize: copy.size, cloudSha256: copy.sha256, cloudVerifiedAt: copy.at, updatedAt: copy.at } : { cloudSize: null, cloudSha256: null, cloudVerifiedAt: null, updatedAt: new Date() })
    .where(eq(storedFile.id, id));
}
