/**
 * Peak memory of a mission restore (issue 13, Measure): a ~100 MB backup archive, written by the
 * real backup writer from a mission with 100 MiB of stored files, is restored through the real
 * restore path (restoreMission: bounded archive reader, staging, one transaction). The process's
 * RSS is sampled meanwhile; the figure is the peak above the idle level before the restore. It
 * must stay bounded (≤ 256 MiB), not grow with the archive: files stream through, only the
 * records are held.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';

const MiB = 1024 * 1024;
const FILES = 10;
const FILE_BYTES = 10 * MiB;
const BOUND_MIB = 256;

/** Incompressible bytes (scan data is), produced in 1 MiB pieces. */
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

export default async function run({ databaseUrl }: { databaseUrl: string }): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'argus-bench-restore-'));
  const saved = { DATABASE_URL: process.env.DATABASE_URL, STORAGE_DIR: process.env.STORAGE_DIR };
  // The verbs use the app's database and storage singletons: point them here before they open.
  process.env.DATABASE_URL = databaseUrl;
  process.env.STORAGE_DIR = dir;
  const { db, pool } = await import('../../lib/server/db/client');
  const { storage } = await import('../../lib/server/storage');
  const { SYSTEM_ACTOR } = await import('../../lib/server/auth/actor');
  const { createCompanyFromJson } = await import('../../lib/server/companies/create-company');
  const { createMissionFromJson: createMission } = await import('../../lib/server/missions/create-mission');
  const { createDomainContext } = await import('../../lib/server/domain/contexts');
  const { makeBackup } = await import('../../lib/server/missions/backup/make-backup');
  const { restoreMission } = await import('../../lib/server/missions/backup/restore-mission');
  try {
    const ctx = createDomainContext({ db: db(), actor: SYSTEM_ACTOR, requestId: 'bench-restore' });
    const company = await createCompanyFromJson(ctx, { name: 'Benchmark Vermessung GmbH' });
    const ring: [number, number][] = [[11.5755, 48.1374], [11.5758, 48.1374], [11.5758, 48.1375], [11.5755, 48.1375], [11.5755, 48.1374]];
    const footprint = { type: 'Polygon' as const, coordinates: [ring] };
    const mission = await createMission(ctx, { name: 'Benchmark restore', companyId: company.id, products: ['pointcloud'], buildings: [{ name: 'Haus', footprint }] });
    const store = storage();
    for (let i = 0; i < FILES; i++) {
      await store.put(`missions/${mission.id}/datasets/scan-${i}/original.bin`, randomFile(FILE_BYTES), { contentType: 'application/octet-stream' });
    }
    const backup = await makeBackup({
      db: db(),
      storage: store,
      missionId: mission.id,
      jobId: randomUUID(),
      createdBy: null,
      scratchPrefix: `tmp/jobs/bench-${randomUUID()}/`,
      signal: new AbortController().signal,
      reportProgress: async () => undefined,
    });

    // Idle: settle, then the level the restore is measured against.
    await new Promise((r) => setTimeout(r, 500));
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const { version } = (await pool().query<{ version: number }>('select version from mission where id = $1', [mission.id])).rows[0]!;
    const started = performance.now();
    const archive = await store.get(backup.key);
    const result = await restoreMission(ctx, { missionId: mission.id, version, body: archive.body, contentType: 'application/gzip', size: archive.size });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);

    const peakAboveIdleMiB = Math.round(((peak - idle) / MiB) * 10) / 10;
    return {
      archiveMiB: Math.round((backup.size / MiB) * 10) / 10,
      filesRestored: result.restored.files,
      seconds: Math.round(seconds * 100) / 100,
      throughputMiBPerSecond: Math.round((backup.size / MiB / seconds) * 10) / 10,
      idleRssMiB: Math.round(idle / MiB),
      peakAboveIdleMiB,
      boundMiB: BOUND_MIB,
      withinBound: peakAboveIdleMiB <= BOUND_MIB,
    };
  } finally {
    await pool().end();
    Object.assign(process.env, saved);
    rmSync(dir, { recursive: true, force: true });
  }
}
