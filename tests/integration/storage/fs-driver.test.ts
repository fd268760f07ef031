import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { AppError } from '@/lib/server/errors';
import { createFsStorage } from '@/lib/server/storage/fs-driver';
import type { Storage } from '@/lib/server/storage/types';
import { brokenStream, keysUnder, readAll, sha256, tempDir } from './helpers';

let dir: Awaited<ReturnType<typeof tempDir>>;
let storage: Storage;

beforeEach(async () => {
  dir = await tempDir('fs-storage');
  storage = createFsStorage(dir.path);
});
afterEach(() => dir.remove());

async function files(sub: string): Promise<string[]> {
  try {
    return (await readdir(join(dir.path, sub), { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
}

async function expectRejected(promise: Promise<unknown>, code: string): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe(code);
  return err as AppError;
}

describe('filesystem storage', () => {
  it('stores, reads, heads, lists and deletes an object with its checksum and type', async () => {
    const body = Buffer.from('hello, point clouds');
    const put = await storage.put('missions/1/readme.txt', body, { contentType: 'text/plain' });
    expect(put).toEqual({ key: 'missions/1/readme.txt', size: body.length, sha256: sha256(body), etag: `"${sha256(body)}"` });

    const got = await storage.get('missions/1/readme.txt');
    expect(await readAll(got.body)).toEqual(body);
    expect(got).toMatchObject({ size: body.length, contentType: 'text/plain', sha256: sha256(body), etag: put.etag });

    // Metadata lives in a sidecar: a fresh driver on the same root (a restart) still knows it.
    const again = await createFsStorage(dir.path).head('missions/1/readme.txt');
    expect(again).toMatchObject({ size: body.length, contentType: 'text/plain', sha256: sha256(body) });

    await storage.put('missions/1/b.bin', Buffer.alloc(3));
    await storage.put('missions/10/c.bin', Buffer.alloc(3));
    expect(await keysUnder(storage, 'missions/1/')).toEqual(['missions/1/b.bin', 'missions/1/readme.txt']);
    expect(await keysUnder(storage, 'missions/1')).toEqual(['missions/1/b.bin', 'missions/1/readme.txt', 'missions/10/c.bin']);

    await storage.delete('missions/1/readme.txt');
    await storage.delete('missions/1/readme.txt'); // idempotent
    expect(await storage.head('missions/1/readme.txt')).toBeNull();
    await expectRejected(storage.get('missions/1/readme.txt'), 'not_found');
    expect(await storage.deletePrefix('missions/')).toBe(2);
    expect(await keysUnder(storage, '')).toEqual([]);
  });

  it('reads a byte range', async () => {
    const body = Buffer.from('0123456789abcdef');
    await storage.put('r.bin', body);
    const got = await storage.get('r.bin', { range: { start: 10, end: 15 } });
    expect((await readAll(got.body)).toString()).toBe('abcdef');
    expect(got.size).toBe(16);
    await expectRejected(storage.get('r.bin', { range: { start: 10, end: 16 } }), 'range_not_satisfiable');
  });

  // A body in memory is hashed before the write (on the thread pool), a stream on the way: both refuse alike.
  it.each([
    ['in memory', (b: Buffer) => b],
    ['streamed', (b: Buffer) => Readable.from([b.subarray(0, 5), b.subarray(5)])],
  ])('verifies an expected checksum and size, leaving nothing behind on mismatch (%s)', async (_, as) => {
    const bytes = Buffer.from('the real content');
    const body = () => as(bytes);
    await storage.put('v/ok.txt', body(), { expectedSha256: sha256(bytes).toUpperCase(), expectedSize: bytes.length });
    expect(await storage.head('v/ok.txt')).not.toBeNull();

    await storage.put('v/existing.txt', Buffer.from('old'));
    const err = await expectRejected(storage.put('v/existing.txt', body(), { expectedSha256: sha256('something else') }), 'unprocessable');
    expect(err.status).toBe(422);
    await expectRejected(storage.put('v/new.txt', body(), { expectedSize: bytes.length + 1 }), 'unprocessable');
    await expectRejected(storage.put('v/new.txt', body(), { expectedSize: bytes.length - 1 }), 'unprocessable');
    await expectRejected(storage.put('v/new.txt', body(), { maxBytes: 4 }), 'payload_too_large');

    expect(await storage.head('v/new.txt')).toBeNull();
    expect((await readAll((await storage.get('v/existing.txt')).body)).toString()).toBe('old');
    expect(await files('partial')).toEqual([]);
  });

  it('leaves nothing behind when the body stream breaks', async () => {
    await expect(storage.put('broken.bin', brokenStream(64 * 1024))).rejects.toThrow('connection reset');
    expect(await storage.head('broken.bin')).toBeNull();
    expect(await files('partial')).toEqual([]);
    expect(await files('objects')).toEqual([]);
  });

  it('rejects invalid keys before touching the disk', async () => {
    await expectRejected(storage.put('../escape.txt', Buffer.from('x')), 'bad_request');
    await expectRejected(storage.get('/etc/passwd'), 'bad_request');
    await expectRejected(storage.head('a//b'), 'bad_request');
    expect(readdirSync(dir.path)).toEqual([]);
  });

  it('streams 20 MB in both directions without holding it in memory', async () => {
    const total = 20 * 1024 * 1024;
    const chunk = 64 * 1024;
    const hash = createHash('sha256');
    let produced = 0;
    let maxInFlight = 0;
    // Partial files sit under their key's folders (partial/big/…).
    const partialBytes = () =>
      readdirSync(join(dir.path, 'partial'), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .reduce((n, e) => n + statSync(join(e.parentPath, e.name)).size, 0);
    const source = new Readable({
      highWaterMark: chunk,
      read() {
        if (produced > 0) maxInFlight = Math.max(maxInFlight, produced - partialBytes());
        if (produced >= total) return void this.push(null);
        const data = Buffer.alloc(chunk, produced / chunk);
        hash.update(data);
        produced += chunk;
        this.push(data);
      },
    });
    const put = await storage.put('big/20mb.bin', source, { expectedSize: total });
    expect(put.sha256).toBe(hash.digest('hex'));
    // Backpressure: what has been produced but not yet written stays within a few stream buffers.
    expect(maxInFlight).toBeLessThan(2 * 1024 * 1024);

    const got = await storage.get('big/20mb.bin');
    const readHash = createHash('sha256');
    let largest = 0;
    let read = 0;
    for await (const c of got.body) {
      const b = c as Buffer;
      largest = Math.max(largest, b.length);
      read += b.length;
      readHash.update(b);
    }
    expect(read).toBe(total);
    expect(largest).toBeLessThanOrEqual(1024 * 1024);
    expect(readHash.digest('hex')).toBe(put.sha256);
  });

  it('copies and moves with their metadata', async () => {
    await storage.put('a/src.txt', Buffer.from('payload'), { contentType: 'text/plain' });
    await storage.copy('a/src.txt', 'b/copy.txt');
    await storage.move('a/src.txt', 'c/moved.txt');
    expect(await storage.head('a/src.txt')).toBeNull();
    for (const key of ['b/copy.txt', 'c/moved.txt']) {
      expect(await storage.head(key)).toMatchObject({ contentType: 'text/plain', sha256: sha256('payload') });
    }
    await expectRejected(storage.move('a/src.txt', 'd.txt'), 'not_found');
    await storage.put('x', Buffer.from('file'));
    await expectRejected(storage.put('x/y', Buffer.from('under a file')), 'conflict');
  });

  it('purges abandoned partial writes older than the cut-off', async () => {
    await storage.put('keep.txt', Buffer.from('x'));
    const partial = join(dir.path, 'partial');
    await writeFile(join(partial, 'stale'), 'x');
    await writeFile(join(partial, 'fresh'), 'x');
    const old = new Date(Date.now() - 48 * 3600 * 1000);
    await utimes(join(partial, 'stale'), old, old);
    expect(await storage.purgeIncomplete(new Date(Date.now() - 24 * 3600 * 1000))).toBe(1);
    expect(await files('partial')).toEqual(['fresh']); // files only: puts leave their (empty) key folders
  });
});
