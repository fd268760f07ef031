import { randomBytes } from 'node:crypto';
import { copyFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '@/lib/server/errors';
import { xxh3Of } from '@/lib/server/storage/fast-hash';
import { createFsStorage } from '@/lib/server/storage/fs-driver';
import type { Storage } from '@/lib/server/storage/types';
import { readAll, sha256, tempDir } from './helpers';

/**
 * putFileVerified: a filesystem to filesystem copy made by the kernel counts only when the copy,
 * read back from the disk, hashes to the XXH3 recorded with the source's SHA-256.
 */
let dir: Awaited<ReturnType<typeof tempDir>>;
let source: Storage;
beforeEach(async () => {
  dir = await tempDir('fs-file-copy');
  source = createFsStorage(join(dir.path, 'local'));
});
afterEach(() => dir.remove());

const KEY = 'missions/1/pointcloud/run1/octree.bin';

async function stored(bytes: Buffer) {
  await source.put(KEY, bytes);
  const info = (await source.head(KEY))!;
  return { path: source.filePath!(KEY), expect: { size: info.size, sha256: info.sha256!, xxh3: info.xxh3! } };
}

async function leftovers(root: string): Promise<string[]> {
  try {
    return (await readdir(join(root, 'partial'), { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe('unprocessable');
  return err as AppError;
}

describe('verified file copy between filesystems', () => {
  it('records the XXH3 of what was written beside its SHA-256, and a copy carries both', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17); // more than one read of the read-back
    const { path, expect: recorded } = await stored(bytes);
    expect(recorded).toEqual({ size: bytes.length, sha256: sha256(bytes), xxh3: xxh3Of(bytes) });

    const cloud = createFsStorage(join(dir.path, 'cloud'));
    const result = await cloud.putFileVerified!(KEY, path, { ...recorded, contentType: 'application/octet-stream' });
    expect(result).toMatchObject({ key: KEY, size: bytes.length, sha256: sha256(bytes) });
    expect(sha256(await readAll((await cloud.get(KEY)).body))).toBe(sha256(bytes));
    expect(await cloud.head(KEY)).toMatchObject({ size: bytes.length, sha256: sha256(bytes), xxh3: xxh3Of(bytes) });
    expect(await leftovers(join(dir.path, 'cloud'))).toEqual([]);
  });

  it('a copy with one byte flipped on the target is refused, and nothing is stored', async () => {
    const bytes = randomBytes(256 * 1024);
    const { path, expect: recorded } = await stored(bytes);
    // The kernel's copy, then one bit of the target flipped, as a faulty disk or driver would.
    const flipping = async (from: string, to: string) => {
      await copyFile(from, to);
      const copy = await readFile(to);
      copy[12_345] = copy[12_345]! ^ 0x01;
      await writeFile(to, copy);
    };
    const cloud = createFsStorage(join(dir.path, 'cloud'), { copyFile: flipping });
    const err = await refusal(cloud.putFileVerified!(KEY, path, recorded));
    expect(err.details).toMatchObject({ expectedXxh3: recorded.xxh3, actualSize: bytes.length });
    expect(await cloud.head(KEY)).toBeNull();
    expect(await leftovers(join(dir.path, 'cloud'))).toEqual([]);
  });

  it('a source that no longer holds the recorded bytes is refused (same size, one byte changed)', async () => {
    const bytes = randomBytes(64 * 1024);
    const { path, expect: recorded } = await stored(bytes);
    const rotten = Buffer.from(bytes);
    rotten[0] = rotten[0]! ^ 0x80;
    await writeFile(path, rotten);
    const cloud = createFsStorage(join(dir.path, 'cloud'));
    await refusal(cloud.putFileVerified!(KEY, path, recorded));
    expect(await cloud.head(KEY)).toBeNull();
  });

  it('a copy of another length is refused', async () => {
    const bytes = randomBytes(10_000);
    const { path, expect: recorded } = await stored(bytes);
    const cloud = createFsStorage(join(dir.path, 'cloud'));
    await refusal(cloud.putFileVerified!(KEY, path, { ...recorded, size: bytes.length + 1 }));
    expect(await cloud.head(KEY)).toBeNull();
  });
});
