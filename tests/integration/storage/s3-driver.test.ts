import { CreateMultipartUploadCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { AppError } from '@/lib/server/errors';
import { createS3Client, createS3Storage, type S3StorageConfig } from '@/lib/server/storage/s3-driver';
import type { Storage } from '@/lib/server/storage/types';
import { brokenStream, keysUnder, readAll, sha256, tempDir } from './helpers';

// TOOLCHAIN gotcha 13: s3rver is the emulator we can install; it covers the basic operations.
const bucket = 'argus-test';
let server: S3rver;
let dir: Awaited<ReturnType<typeof tempDir>>;
let storage: Storage;
let config: S3StorageConfig;

beforeAll(async () => {
  dir = await tempDir('s3rver');
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir.path, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  config = {
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    partSize: 5 * 1024 * 1024,
  };
  storage = createS3Storage(config);
});

afterAll(async () => {
  await server.close();
  await dir.remove();
});

describe('S3 storage (against s3rver)', () => {
  it('puts, gets, heads, lists and deletes with the checksum in object metadata', async () => {
    const body = Buffer.from('scan data, version 1');
    const put = await storage.put('missions/3/scan.txt', body, { contentType: 'text/plain' });
    expect(put).toMatchObject({ size: body.length, sha256: sha256(body) });

    const meta = await createS3Client(config).send(new HeadObjectCommand({ Bucket: bucket, Key: 'missions/3/scan.txt' }));
    expect(meta.Metadata?.sha256).toBe(sha256(body));

    const head = await storage.head('missions/3/scan.txt');
    expect(head).toMatchObject({ size: body.length, contentType: 'text/plain', sha256: sha256(body), etag: `"${sha256(body)}"` });
    const got = await storage.get('missions/3/scan.txt');
    expect(await readAll(got.body)).toEqual(body);

    await storage.put('missions/3/b.bin', Buffer.from('b'), { expectedSha256: sha256('b') });
    await storage.put('missions/30/c.bin', Buffer.from('c'));
    expect(await keysUnder(storage, 'missions/3/')).toEqual(['missions/3/b.bin', 'missions/3/scan.txt']);
    expect(await keysUnder(storage, 'missions/3')).toHaveLength(3);

    await storage.delete('missions/3/scan.txt');
    expect(await storage.head('missions/3/scan.txt')).toBeNull();
    await expect(storage.get('missions/3/scan.txt')).rejects.toMatchObject({ code: 'not_found' });
    expect(await storage.deletePrefix('missions/')).toBe(2);
    expect(await keysUnder(storage, '')).toEqual([]);
  });

  it('reads a byte range', async () => {
    await storage.put('ranged.bin', Buffer.from('0123456789abcdef'));
    const got = await storage.get('ranged.bin', { range: { start: 4, end: 7 } });
    expect((await readAll(got.body)).toString()).toBe('4567');
    expect(got.size).toBe(16);
  });

  it('uploads a multipart body and rejects a mismatching one without leaving an object', async () => {
    const size = 12 * 1024 * 1024; // three 5 MiB parts
    const data = Buffer.alloc(size, 7);
    const put = await storage.put('big/multi.bin', Readable.from([data.subarray(0, size / 2), data.subarray(size / 2)]), { expectedSha256: sha256(data), expectedSize: size });
    expect(put.size).toBe(size);
    expect((await storage.head('big/multi.bin'))?.sha256).toBe(sha256(data));

    const wrong = storage.put('big/wrong.bin', Readable.from([data]), { expectedSha256: sha256('not it') });
    await expect(wrong).rejects.toBeInstanceOf(AppError);
    await expect(wrong).rejects.toMatchObject({ code: 'unprocessable' });
    await expect(storage.put('big/small.bin', Buffer.from('tiny'), { expectedSha256: sha256('other') })).rejects.toMatchObject({ code: 'unprocessable' });
    await expect(storage.put('big/broken.bin', brokenStream(1024))).rejects.toThrow();
    expect(await keysUnder(storage, 'big/')).toEqual(['big/multi.bin']);
  });

  it('copies and moves', async () => {
    await storage.put('c/src.txt', Buffer.from('copy me'), { contentType: 'text/plain' });
    await storage.copy('c/src.txt', 'c/copy.txt');
    await storage.move('c/src.txt', 'c/moved.txt');
    expect(await keysUnder(storage, 'c/')).toEqual(['c/copy.txt', 'c/moved.txt']);
    expect(await storage.head('c/moved.txt')).toMatchObject({ contentType: 'text/plain', sha256: sha256('copy me') });
  });

  it('validates keys and tolerates servers that cannot list multipart uploads', async () => {
    await expect(storage.put('../x', Buffer.from('x'))).rejects.toMatchObject({ code: 'bad_request' });
    // s3rver answers NotImplemented for ListMultipartUploads; the purge then reports nothing.
    await createS3Client(config).send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'tmp/abandoned' }));
    expect(await storage.purgeIncomplete(new Date())).toBe(0);
  });
});
