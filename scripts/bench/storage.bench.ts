/**
 * Cloud sync throughput (issue 15, Measure): a mission holding STORAGE_BENCH_FILES files (default
 * 2000) of STORAGE_BENCH_TOTAL_MIB in total (default 2048) is synced by the real sync (syncFiles:
 * inventory walk, verifying streamed copies, bounded concurrency) from the filesystem tier to a
 * second filesystem root, and to s3rver; `cp -r` of the same files on the same disk runs in the
 * same run as the yardstick (goal: ≥ 80 % of it). Also: peak RSS above idle during the filesystem
 * sync (goal ≤ 256 MiB, independent of file sizes) and a re-sync with nothing changed (goal ≤ 2 s).
 * `cpThenReadBack` is the same cp -r followed by one read of every copied byte (cat, no hashing):
 * the least a copy that checks what it wrote can cost, as a share of cp -r. The files are generated
 * in a temporary folder and deleted afterwards. s3rver runs in this process (there is no other S3
 * here), so its work is in the S3 figures' time and memory. Each timed copy starts with the page
 * cache's dirty pages written out (`sync`): otherwise the kernel throttles whichever copy comes
 * second for the writes of the one before, and the ratio measures the order of the runs, not the
 * copies. For the same reason no copy is deleted before the last one is timed (everything goes with
 * the temporary folder at the end): ext4 does not reuse an inode deleted in the last minutes
 * (`recently_deleted` in fs/ext4/ialloc.c) but checks each one while looking for a free one, so a
 * copy made right after 2 000 files were deleted makes every new file pay for stepping over them —
 * `cp -r` itself took 2.7–5.3 s instead of 1.3–1.8 s here when it followed the deletion of an
 * earlier copy.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';

const MiB = 1024 * 1024;
const FILES = Number(process.env.STORAGE_BENCH_FILES ?? 2000);
const TOTAL_MIB = Number(process.env.STORAGE_BENCH_TOTAL_MIB ?? 2048);
const CONCURRENCY = Number(process.env.STORAGE_BENCH_CONCURRENCY ?? 4);

/** Incompressible bytes (scan data is), in pieces of at most 1 MiB. */
function randomFile(size: number): Readable {
  let left = size;
  return new Readable({
    read() {
      if (left === 0) return this.push(null);
      const n = Math.min(MiB, left);
      left -= n;
      this.push(randomBytes(n));
    },
  });
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

export default async function run({ databaseUrl }: { databaseUrl: string }): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'argus-bench-storage-'));
  const saved = { DATABASE_URL: process.env.DATABASE_URL, STORAGE_DIR: process.env.STORAGE_DIR };
  process.env.DATABASE_URL = databaseUrl;
  process.env.STORAGE_DIR = join(dir, 'local');
  const { db, pool } = await import('../../lib/server/db/client');
  const { storage } = await import('../../lib/server/storage');
  const { createFsStorage } = await import('../../lib/server/storage/fs-driver');
  const { createS3Storage } = await import('../../lib/server/storage/s3-driver');
  const { SYSTEM_ACTOR } = await import('../../lib/server/auth/actor');
  const { createCompanyFromJson } = await import('../../lib/server/companies/create-company');
  const { createMissionFromJson } = await import('../../lib/server/missions/create-mission');
  const { createDomainContext } = await import('../../lib/server/domain/contexts');
  const { syncFiles } = await import('../../lib/server/storage-sync/sync-files');
  const { default: S3rver } = await import('s3rver');
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: join(dir, 's3rver'), configureBuckets: [{ name: 'bench-cloud' }] });
  try {
    const ctx = createDomainContext({ db: db(), actor: SYSTEM_ACTOR, requestId: 'bench-storage' });
    const company = await createCompanyFromJson(ctx, { name: 'Benchmark Speicher GmbH' });
    const ring: [number, number][] = [[11.5755, 48.1374], [11.5758, 48.1374], [11.5758, 48.1375], [11.5755, 48.1375], [11.5755, 48.1374]];
    const mission = await createMissionFromJson(ctx, { name: 'Benchmark sync', companyId: company.id, products: ['pointcloud'], buildings: [{ name: 'Haus', footprint: { type: 'Polygon', coordinates: [ring] } }] });
    const local = storage();
    const fileBytes = Math.floor((TOTAL_MIB * MiB) / FILES);
    for (let i = 0; i < FILES; i++) await local.put(`missions/${mission.id}/datasets/${i % 20}/part-${i}.bin`, randomFile(fileBytes));
    const totalMiB = (fileBytes * FILES) / MiB;

    // The yardstick: cp -r of the same objects on the same disk, in this run.
    const flushDirtyPages = () => promisify(execFile)('sync');
    await flushDirtyPages();
    let started = performance.now();
    await promisify(execFile)('cp', ['-r', join(dir, 'local', 'objects'), join(dir, 'cp-copy')]);
    const cpSeconds = (performance.now() - started) / 1000;
    // The floor of any copy that checks its bytes: the same cp -r, then every copied byte read
    // once into memory (cat, no hashing, no bookkeeping). A verified copy cannot cost less.
    started = performance.now();
    await promisify(execFile)('sh', ['-c', 'find "$0" -type f -exec cat {} + > /dev/null', join(dir, 'cp-copy')]);
    const readBackSeconds = (performance.now() - started) / 1000;

    const tiers = (cloud: ReturnType<typeof storage>) => ({ db: db(), local, cloud, concurrency: CONCURRENCY });
    await new Promise((r) => setTimeout(r, 500));
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const fsCloud = createFsStorage(join(dir, 'cloud'));
    await flushDirtyPages();
    started = performance.now();
    const fsResult = await syncFiles(tiers(fsCloud), mission.id);
    const fsSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);

    started = performance.now();
    const again = await syncFiles(tiers(fsCloud), mission.id);
    const resyncSeconds = (performance.now() - started) / 1000;

    // The same files to S3: the inventory forgets the filesystem cloud's copies first.
    await pool().query('update stored_file set cloud_size = null, cloud_sha256 = null, cloud_verified_at = null where mission_id = $1', [mission.id]);
    const { port } = await server.run();
    const s3 = createS3Storage({ bucket: 'bench-cloud', region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
    await flushDirtyPages();
    const s3Idle = process.memoryUsage().rss;
    let s3Peak = s3Idle;
    const s3Sampler = setInterval(() => (s3Peak = Math.max(s3Peak, process.memoryUsage().rss)), 5);
    started = performance.now();
    const s3Result = await syncFiles(tiers(s3), mission.id);
    const s3Seconds = (performance.now() - started) / 1000;
    clearInterval(s3Sampler);

    const cpMiBps = totalMiB / cpSeconds;
    return {
      files: FILES,
      totalMiB: round(totalMiB),
      concurrency: CONCURRENCY,
      cpSeconds: round(cpSeconds, 2),
      cpMiBPerSecond: round(cpMiBps),
      cpThenReadBack: { seconds: round(cpSeconds + readBackSeconds, 2), shareOfCp: round(cpSeconds / (cpSeconds + readBackSeconds), 2) },
      fsToFs: { filesCopied: fsResult.filesCopied, seconds: round(fsSeconds, 2), MiBPerSecond: round(totalMiB / fsSeconds), shareOfCp: round(totalMiB / fsSeconds / cpMiBps, 2), goalShareOfCp: 0.8 },
      peakAboveIdleMiB: round((peak - idle) / MiB),
      resync: { filesCopied: again.filesCopied, seconds: round(resyncSeconds, 2), goalSeconds: 2 },
      fsToS3rver: { filesCopied: s3Result.filesCopied, seconds: round(s3Seconds, 2), MiBPerSecond: round(totalMiB / s3Seconds), shareOfCp: round(totalMiB / s3Seconds / cpMiBps, 2), peakAboveIdleMiBWithS3rverInProcess: round((s3Peak - s3Idle) / MiB) },
    };
  } finally {
    await server.close().catch(() => undefined);
    await pool().end();
    Object.assign(process.env, saved);
    rmSync(dir, { recursive: true, force: true });
  }
}
