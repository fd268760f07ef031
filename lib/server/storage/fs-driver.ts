import 'server-only';
import { randomUUID } from 'node:crypto';
import { constants, createReadStream, createWriteStream, type Stats } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, notFound } from '../errors';
import { assertSha256, etagOf, verifyBuffer, VerifyingStream } from './checksum';
import { isXxh3, xxh3OfFile } from './fast-hash';
import { assertKey, assertPrefix } from './keys';
import { DEFAULT_CONTENT_TYPE, type Body, type FileCopyExpectation, type GetOptions, type GetResult, type ListEntry, type ObjectInfo, type PutOptions, type PutResult, type Storage } from './types';

/**
 * Files under `<root>/objects/<key>`; their metadata (content type, SHA-256) in a JSON sidecar
 * under `<root>/meta/<key>.json`, so it survives restarts. Writes go to `<root>/partial/` and
 * are renamed into place only when complete and verified (rename is atomic on one filesystem).
 *
 * The sidecar records the size and mtime of the file it describes; a sidecar that does not
 * match its file (a crash between the two renames, a file replaced by hand) is ignored.
 */
interface Sidecar {
  contentType: string;
  sha256: string;
  /** XXH3-64 of the same bytes (fast-hash.ts); absent in sidecars written before it was kept. */
  xxh3?: string;
  size: number;
  mtimeMs: number;
}

export interface FsStorageOptions {
  /**
   * How putFileVerified copies a file (default: the kernel's copy, a reflink where the filesystem
   * has them). Tests pass one that damages the copy, to see the read-back refuse it.
   */
  copyFile?: (from: string, to: string) => Promise<void>;
}

const kernelCopy = (from: string, to: string) => copyFile(from, to, constants.COPYFILE_EXCL | constants.COPYFILE_FICLONE);

export function createFsStorage(root: string, options: FsStorageOptions = {}): Storage {
  const copyIn = options.copyFile ?? kernelCopy;
  const objectsDir = join(root, 'objects');
  const metaDir = join(root, 'meta');
  const partialDir = join(root, 'partial');
  const objectPath = (key: string) => join(objectsDir, ...key.split('/'));
  const metaPath = (key: string) => `${join(metaDir, ...key.split('/'))}.json`;
  const partialPath = () => join(partialDir, randomUUID());
  /**
   * A put's partial file sits under the key's parent folders, so deletePrefix also removes what a
   * killed writer left behind there (a job's scratch space: jobs/lost-attempts.ts).
   */
  const partialPathFor = (key: string) => join(partialDir, ...key.split('/').slice(0, -1), `${randomUUID()}.part`);

  async function statFile(key: string): Promise<Stats | null> {
    try {
      const s = await stat(objectPath(key));
      return s.isFile() ? s : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async function readSidecar(key: string, file: Stats): Promise<Sidecar | null> {
    try {
      const meta = JSON.parse(await readFile(metaPath(key), 'utf8')) as Sidecar;
      return meta.size === file.size && meta.mtimeMs === file.mtimeMs ? meta : null;
    } catch {
      return null;
    }
  }

  async function info(key: string, file: Stats): Promise<ObjectInfo> {
    const meta = await readSidecar(key, file);
    return {
      key,
      size: file.size,
      contentType: meta?.contentType ?? DEFAULT_CONTENT_TYPE,
      etag: meta ? etagOf(meta.sha256) : `W/"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}"`,
      sha256: meta?.sha256 ?? null,
      xxh3: meta && isXxh3(meta.xxh3) ? meta.xxh3 : null,
      lastModified: file.mtime,
    };
  }

  async function writeSidecar(key: string, meta: Sidecar): Promise<void> {
    const target = metaPath(key);
    const temp = partialPath();
    const json = JSON.stringify(meta);
    await inFolder(partialDir, () => writeFile(temp, json));
    await place(temp, target, key);
  }

  /**
   * Renames into place, creating parent directories when missing (tried first without: with
   * thousands of files in a few folders, a mkdir per file was a good part of a sync); retried
   * when a concurrent delete pruned them.
   */
  async function place(from: string, to: string, key: string): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        if (attempt > 0) await mkdir(dirname(to), { recursive: true });
        await rename(from, to);
        return;
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' && attempt < 4) continue;
        if (code === 'ENOTDIR' || code === 'EISDIR' || code === 'EEXIST' || code === 'ENOTEMPTY') {
          throw new AppError('conflict', `Storage key ${key} collides with an existing key`, { key });
        }
        throw err;
      }
    }
  }

  function filePath(key: string): string {
    assertKey(key);
    return objectPath(key);
  }

  async function commit(temp: string, key: string): Promise<Stats> {
    await place(temp, objectPath(key), key);
    return stat(objectPath(key));
  }

  /** Removes now-empty parent directories of a key, up to (not including) the base directory. */
  async function pruneParents(base: string, key: string): Promise<void> {
    const parts = key.split('/').slice(0, -1);
    while (parts.length > 0) {
      try {
        await rmdir(join(base, ...parts));
      } catch {
        return; // not empty (or already gone): stop
      }
      parts.pop();
    }
  }

  async function put(key: string, body: Body, options: PutOptions = {}): Promise<PutResult> {
    assertKey(key);
    const expectedSha256 = assertSha256(options.expectedSha256);
    if (!(body instanceof Readable)) return putBytes(key, body, { ...options, expectedSha256 });
    const verify = new VerifyingStream({ expectedSha256, expectedSize: options.expectedSize, maxBytes: options.maxBytes });
    const temp = partialPathFor(key);
    await mkdir(dirname(temp), { recursive: true });
    const out = createWriteStream(temp, { flags: 'wx' });
    try {
      await pipeline(body, verify, out, { signal: options.signal });
      return await finishPut(temp, key, options, { bytes: verify.bytes, sha256: verify.sha256, xxh3: verify.xxh3 });
    } catch (err) {
      // A body refused at once fails the pipeline while the file is still being opened: wait for
      // the stream to close, or the open would create the file after it was removed.
      if (!out.closed) await new Promise<void>((done) => out.once('close', () => done()));
      await rm(temp, { force: true });
      throw err;
    }
  }

  /** A body in memory: checked before anything is written, then written in one call. */
  async function putBytes(key: string, body: Uint8Array, options: PutOptions): Promise<PutResult> {
    const verified = await verifyBuffer(body, options);
    options.signal?.throwIfAborted();
    const temp = partialPathFor(key);
    try {
      await inFolder(dirname(temp), () => writeFile(temp, body, { flag: 'wx' }));
      return await finishPut(temp, key, options, verified);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  async function finishPut(temp: string, key: string, options: PutOptions, verified: { bytes: number; sha256: string; xxh3: string }): Promise<PutResult> {
    const file = await commit(temp, key);
    await writeSidecar(key, { contentType: options.contentType ?? DEFAULT_CONTENT_TYPE, sha256: verified.sha256, xxh3: verified.xxh3, size: file.size, mtimeMs: file.mtimeMs });
    return { key, size: verified.bytes, sha256: verified.sha256, etag: etagOf(verified.sha256) };
  }

  /**
   * A file of this machine copied in by the kernel (no bytes through JavaScript), then read back
   * from the disk and hashed: renamed into place only when it has the size and XXH3 recorded with
   * the source's SHA-256, which the sidecar then carries. ADR 0013, Verification.
   */
  async function putFileVerified(key: string, sourcePath: string, expect: FileCopyExpectation): Promise<PutResult> {
    assertKey(key);
    const sha256 = assertSha256(expect.sha256)!;
    if (!isXxh3(expect.xxh3)) throw new AppError('bad_request', 'expected XXH3 must be 16 hex digits');
    expect.signal?.throwIfAborted();
    const temp = partialPathFor(key);
    try {
      // A missing source fails again after the folder is made.
      await inFolder(dirname(temp), () => copyIn(sourcePath, temp));
      const copy = await xxh3OfFile(temp, expect.signal);
      if (copy.size !== expect.size || copy.xxh3 !== expect.xxh3) {
        throw new AppError('unprocessable', 'The copy does not match its checksum; nothing was stored', { expectedSize: expect.size, actualSize: copy.size, expectedXxh3: expect.xxh3, actualXxh3: copy.xxh3 });
      }
      // The rename keeps the file's size and mtime: the read-back's are the sidecar's (no stat after).
      await place(temp, objectPath(key), key);
      await writeSidecar(key, { contentType: expect.contentType ?? DEFAULT_CONTENT_TYPE, sha256, xxh3: copy.xxh3, size: copy.size, mtimeMs: copy.mtimeMs });
      return { key, size: copy.size, sha256, etag: etagOf(sha256) };
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  async function get(key: string, options: GetOptions = {}): Promise<GetResult> {
    assertKey(key);
    const file = await statFile(key);
    if (!file) throw notFound('File');
    const base = await info(key, file);
    const { range } = options;
    if (range && (range.start < 0 || range.end < range.start || range.end >= file.size)) {
      throw new AppError('range_not_satisfiable', 'Requested range is outside the file', { size: file.size });
    }
    // A stream opened on the path keeps reading the same inode even if a put replaces it meanwhile.
    const body = createReadStream(objectPath(key), range ? { start: range.start, end: range.end } : {});
    await new Promise<void>((resolve, reject) => {
      body.once('open', () => resolve());
      body.once('error', (err) => reject(isMissing(err) ? notFound('File') : err));
    });
    return { ...base, body, range };
  }

  async function head(key: string): Promise<ObjectInfo | null> {
    assertKey(key);
    const file = await statFile(key);
    return file ? info(key, file) : null;
  }

  async function remove(key: string): Promise<void> {
    assertKey(key);
    await rm(objectPath(key), { force: true });
    await rm(metaPath(key), { force: true });
    await pruneParents(objectsDir, key);
    await pruneParents(metaDir, key);
  }

  async function* walk(dir: string): AsyncGenerator<string> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (isMissing(err) || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return;
      throw err;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(path);
      else if (entry.isFile()) yield path;
    }
  }

  async function* list(prefix: string): AsyncGenerator<ListEntry> {
    assertPrefix(prefix);
    const slash = prefix.lastIndexOf('/');
    const start = slash < 0 ? objectsDir : join(objectsDir, ...prefix.slice(0, slash).split('/'));
    // Files are looked at a batch at a time: one stat after the other, the disk's latency added
    // up to a good part of a re-sync of thousands of unchanged files.
    const batch: { key: string; path: string }[] = [];
    const looked = async (): Promise<ListEntry[]> => {
      const entries = await Promise.all(
        batch.splice(0).map(async ({ key, path }) => {
          const s = await stat(path).catch(missingAsNull); // gone meanwhile: not listed
          return s && { key, size: s.size, lastModified: s.mtime };
        }),
      );
      return entries.filter((e) => e !== null);
    };
    for await (const path of walk(start)) {
      const key = relative(objectsDir, path).split(sep).join('/');
      if (!key.startsWith(prefix)) continue;
      batch.push({ key, path });
      if (batch.length >= STATS_AT_ONCE) yield* await looked();
    }
    yield* await looked();
  }

  async function deletePrefix(prefix: string): Promise<number> {
    let count = 0;
    for await (const entry of list(prefix)) {
      await remove(entry.key);
      count += 1;
    }
    if (prefix.endsWith('/')) await rm(join(partialDir, ...prefix.slice(0, -1).split('/')), { recursive: true, force: true });
    return count;
  }

  async function copy(from: string, to: string): Promise<void> {
    assertKey(from);
    assertKey(to);
    const file = await statFile(from);
    if (!file) throw notFound('File');
    const meta = await readSidecar(from, file);
    // Stream through put(): a fresh copy (not a hard link) so later writes to either stay apart.
    await put(to, createReadStream(objectPath(from)), { contentType: meta?.contentType, expectedSha256: meta?.sha256 });
  }

  async function move(from: string, to: string): Promise<void> {
    assertKey(from);
    assertKey(to);
    if (from === to) return;
    if (!(await statFile(from))) throw notFound('File');
    // rename keeps the mtime, so the sidecar (moved after it) still matches the file.
    await place(objectPath(from), objectPath(to), to);
    await place(metaPath(from), metaPath(to), to).catch(async () => rm(metaPath(to), { force: true }));
    await pruneParents(objectsDir, from);
    await pruneParents(metaDir, from);
  }

  async function purgeIncomplete(olderThan: Date): Promise<number> {
    let count = 0;
    for await (const path of walk(partialDir)) {
      try {
        if ((await stat(path)).mtime < olderThan) {
          await rm(path, { force: true });
          count += 1;
        }
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    }
    return count;
  }

  return { driver: 'fs', put, get, head, delete: remove, deletePrefix, list, copy, move, purgeIncomplete, filePath, putFileVerified };
}

const STATS_AT_ONCE = 16;

/**
 * Writes into `folder`, making it only when the write says it is missing: with thousands of files
 * in a few folders, a mkdir before every write was a good part of a sync.
 */
async function inFolder(folder: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (err) {
    if (!isMissing(err)) throw err;
    await mkdir(folder, { recursive: true });
    await write();
  }
}

function missingAsNull(err: unknown): null {
  if (isMissing(err)) return null;
  throw err;
}

function isMissing(err: unknown): boolean {
  return (err as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}
