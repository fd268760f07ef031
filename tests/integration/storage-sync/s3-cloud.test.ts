import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import S3rver from 's3rver';
import { createS3Storage, type S3StorageConfig } from '@/lib/server/storage/s3-driver';
import { syncFiles } from '@/lib/server/storage-sync/sync-files';
import { startCloudRestore, startCloudSync } from '@/lib/server/storage-sync/start-operation';
import { storageOverview } from '@/lib/server/storage-sync/storage-overview';
import { readAll, sha256, tempDir } from '../storage/helpers';
import { startSyncWorld, type SyncWorld } from './sync-world';

// TOOLCHAIN gotcha 13: s3rver stands in for an S3-compatible cloud.
const bucket = 'argus-cloud';
let server: S3rver;
let dir: Awaited<ReturnType<typeof tempDir>>;
let config: S3StorageConfig;
let s: SyncWorld;

beforeAll(async () => {
  dir = await tempDir('s3rver-cloud');
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir.path, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  config = { bucket, region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, partSize: 5 * 1024 * 1024 };
  s = await startSyncWorld('s3', () => createS3Storage(config));
});
afterAll(async () => {
  await s?.close();
  await server?.close();
  await dir?.remove();
});

describe('cloud sync to S3 (s3rver)', () => {
  it('syncs, then restores a deleted file from the bucket, verified', async () => {
    const m = s.w.m.nord;
    const files = new Map<string, Buffer>();
    // One file above the multipart threshold, the others small.
    for (const [key, size] of [[`missions/${m.id}/uploads/u1/big.e57`, 6 * 1024 * 1024 + 17], [`missions/${m.id}/images/1/thumbnail-v1.jpg`, 3000], [`backups/missions/${m.id}/b.tar.gz`, 900]] as const) {
      const body = randomBytes(size);
      await s.local.put(key, body);
      files.set(key, body);
    }
    expect((await s.waitForJob((await startCloudSync(s.ctx('admin'), { missionId: m.id })).jobId)).state).toBe('succeeded');
    for (const [key, body] of files) expect(await s.cloud.head(key)).toMatchObject({ size: body.length, sha256: sha256(body) });
    expect((await storageOverview(s.ctx('admin'))).missions.find((x) => x.id === m.id)).toMatchObject({ state: 'synced', cloudOnline: true });

    const lost = `missions/${m.id}/uploads/u1/big.e57`;
    await rm(join(s.localDir, 'objects', ...lost.split('/')));
    expect((await s.waitForJob((await startCloudRestore(s.ctx('admin'), { missionId: m.id })).jobId)).state).toBe('succeeded');
    expect(sha256(await readAll((await s.local.get(lost)).body))).toBe(sha256(files.get(lost)!));
  });

  it('names a cloud that refuses the credentials or cannot be reached, and leaves local files as they were', async () => {
    const m = s.w.m.provider;
    const key = `missions/${m.id}/uploads/u1/scan.laz`;
    const body = randomBytes(4000);
    await s.local.put(key, body);
    // s3rver does not check v4 signatures, only that the access key exists.
    const refusing = createS3Storage({ ...config, accessKeyId: 'NOT-OUR-KEY' });
    await expect(syncFiles(s.tiers({ cloud: refusing }), m.id)).rejects.toMatchObject({ fault: 'credentials' });
    const unreachable = createS3Storage({ ...config, endpoint: 'http://127.0.0.1:9' });
    await expect(syncFiles(s.tiers({ cloud: unreachable }), m.id)).rejects.toMatchObject({ fault: 'unreachable' });
    expect(sha256(await readAll((await s.local.get(key)).body))).toBe(sha256(body));
    expect((await s.files(m.id)).every((r) => r.cloudSha256 === null)).toBe(true);
  });
});
