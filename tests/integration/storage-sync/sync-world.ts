import { eq } from 'drizzle-orm';
import { SYSTEM_ACTOR } from '@/lib/server/auth/actor';
import { db as appDb, pool as appPool } from '@/lib/server/db/client';
import { job, missionStorage, storedFile } from '@/lib/server/db/schema';
import type { DomainContext } from '@/lib/server/domain/context';
import { createDomainContext } from '@/lib/server/domain/contexts';
import { createBoss } from '@/lib/server/jobs/boss';
import { createWorker, type Worker } from '@/lib/server/jobs/worker';
import { storage as appStorage } from '@/lib/server/storage';
import type { Storage } from '@/lib/server/storage/types';
import type { Tiers } from '@/lib/server/storage-sync/tiers';
import { storageRestore, storageSync, storageUnsync, storageVerify } from '@/lib/server/worker-handlers';
import { freshDatabase, migrateDb } from '@/tests/support/fresh-database';
import { buildWorld, type World } from '../missions/fixtures';
import { tempDir } from '../storage/helpers';

/**
 * Storage and cloud sync against real PostgreSQL: the demo world, a filesystem local tier, a cloud
 * tier (a second filesystem root unless the test brings one, e.g. S3 on s3rver) and a worker
 * running the storage jobs, as `npm start` runs them. The verbs use the app's singletons, so
 * DATABASE_URL and STORAGE_DIR point here before anything opens them.
 */
export interface SyncWorld {
  w: World;
  local: Storage;
  cloud: Storage;
  localDir: string;
  ctx(role: keyof World['actors']): DomainContext;
  tiers(over?: Partial<Tiers>): Tiers;
  waitForJob(jobId: string): Promise<typeof job.$inferSelect>;
  files(missionId: number): Promise<(typeof storedFile.$inferSelect)[]>;
  storageRow(missionId: number): Promise<typeof missionStorage.$inferSelect | undefined>;
  close(): Promise<void>;
}

const globals = globalThis as { __argusCloudStorage?: Storage };

export async function startSyncWorld(name: string, makeCloud?: () => Storage): Promise<SyncWorld> {
  const saved = { DATABASE_URL: process.env.DATABASE_URL, STORAGE_DIR: process.env.STORAGE_DIR, CLOUD_DIR: process.env.CLOUD_DIR };
  const fresh = await freshDatabase();
  const localDir = await tempDir(`${name}-local`);
  const cloudDir = await tempDir(`${name}-cloud`);
  process.env.DATABASE_URL = fresh.url;
  process.env.STORAGE_DIR = localDir.path;
  process.env.CLOUD_DIR = cloudDir.path;
  await migrateDb(appDb());
  const local = appStorage();
  if (makeCloud) globals.__argusCloudStorage = makeCloud();
  const { cloudStorage } = await import('@/lib/server/storage/cloud');
  const cloud = cloudStorage();
  const db = appDb();
  const w = await buildWorld({ db, pool: appPool(), system: createDomainContext({ db, actor: SYSTEM_ACTOR, requestId: `req-${name}` }), close: async () => {} });
  const boss = createBoss({ pool: appPool(), supervise: false, pollingIntervalSeconds: 0.5 });
  const worker: Worker = createWorker({
    boss, db, storage: local, definitions: [storageSync, storageUnsync, storageRestore, storageVerify],
    pollingIntervalSeconds: 0.5, listenUrl: fresh.url, shutdownGraceMs: 2000, log: () => {},
  });
  await worker.start();
  const byId = async (jobId: string) => (await db.select().from(job).where(eq(job.id, jobId)))[0]!;
  return {
    w,
    local,
    cloud,
    localDir: localDir.path,
    ctx: (role) => ({ ...w.ctx(role), db, storage: local }),
    tiers: (over = {}) => ({ db, local, cloud, concurrency: 3, ...over }),
    async waitForJob(jobId) {
      for (;;) {
        const row = await byId(jobId);
        if (row.state === 'succeeded' || row.state === 'failed' || row.state === 'cancelled') return row;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    files: (missionId) => db.select().from(storedFile).where(eq(storedFile.missionId, missionId)).orderBy(storedFile.key),
    storageRow: async (missionId) => (await db.select().from(missionStorage).where(eq(missionStorage.missionId, missionId)))[0],
    async close() {
      await worker.stop();
      await appPool().end();
      delete globals.__argusCloudStorage;
      Object.assign(process.env, saved);
      await fresh.drop();
      await localDir.remove();
      await cloudDir.remove();
    },
  };
}
