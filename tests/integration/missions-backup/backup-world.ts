import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { SYSTEM_ACTOR } from '@/lib/server/auth/actor';
import { db as appDb, pool as appPool } from '@/lib/server/db/client';
import { mission } from '@/lib/server/db/schema';
import { createDomainContext } from '@/lib/server/domain/contexts';
import { createBoss } from '@/lib/server/jobs/boss';
import { createWorker, type Worker } from '@/lib/server/jobs/worker';
import { getMissionBackup, missionBackupFile, startMissionBackup } from '@/lib/server/missions/backup/mission-backups';
import { restoreMission } from '@/lib/server/missions/backup/restore-mission';
import { storage as appStorage } from '@/lib/server/storage';
import { createFsStorage } from '@/lib/server/storage/fs-driver';
import type { Storage } from '@/lib/server/storage/types';
import { missionBackup } from '@/lib/server/worker-handlers';
import { freshDatabase, migrateDb } from '@/tests/support/fresh-database';
import { buildWorld, type TestDb, type World } from '../missions/fixtures';
import { readAll, tempDir } from '../storage/helpers';

/**
 * Backup and restore against real PostgreSQL and the real job worker. The verbs use the app's own
 * database and storage singletons, so DATABASE_URL and STORAGE_DIR point at a fresh database and a
 * temporary folder before anything opens them.
 */
export interface BackupWorld {
  t: TestDb;
  w: World;
  store: Storage;
  /** The worker running the backup jobs (a test may stop it to hold a job in the queue). */
  worker: Worker;
  /** Backs the mission up as the admin (the worker runs the job) and returns the archive. */
  backupNow(missionId: number): Promise<Buffer>;
  versionOf(missionId: number): Promise<number>;
  /** Restores the archive into the mission as the admin, at its current version. */
  restore(missionId: number, archive: Buffer): ReturnType<typeof restoreMission>;
  close(): Promise<void>;
}

export const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export async function startBackupWorld(name: string): Promise<BackupWorld> {
  const savedEnv = { DATABASE_URL: process.env.DATABASE_URL, STORAGE_DIR: process.env.STORAGE_DIR };
  const fresh = await freshDatabase();
  const dir = await tempDir(name);
  process.env.DATABASE_URL = fresh.url;
  process.env.STORAGE_DIR = dir.path;
  await migrateDb(appDb());
  const store = appStorage();
  const t: TestDb = { db: appDb(), pool: appPool(), system: createDomainContext({ db: appDb(), actor: SYSTEM_ACTOR, requestId: `req-${name}` }), close: async () => {} };
  const w = await buildWorld(t);
  const boss = createBoss({ pool: appPool(), supervise: false, pollingIntervalSeconds: 0.5 });
  const worker = createWorker({ boss, db: appDb(), storage: createFsStorage(dir.path), definitions: [missionBackup], pollingIntervalSeconds: 0.5, listenUrl: fresh.url, shutdownGraceMs: 2000, log: () => {} });
  await worker.start();
  const versionOf = async (missionId: number) => (await t.db.select({ v: mission.version }).from(mission).where(eq(mission.id, missionId)))[0]!.v;
  return {
    t,
    w,
    store,
    worker,
    async backupNow(missionId) {
      const started = await startMissionBackup(w.ctx('admin'), { missionId });
      for (;;) {
        const b = await getMissionBackup(w.ctx('admin'), { missionId, backupId: started.id });
        if (b.state === 'failed') throw new Error('backup failed');
        if (b.state === 'succeeded') break;
        // Polls the job row the worker updates (the job has no push signal to wait on).
        await new Promise((r) => setTimeout(r, 100));
      }
      const file = await missionBackupFile(w.ctx('admin'), { missionId, backupId: started.id });
      return readAll((await store.get(file.key)).body);
    },
    versionOf,
    restore: async (missionId, archive) =>
      restoreMission(w.ctx('admin'), { missionId, version: await versionOf(missionId), body: Readable.from([archive]), contentType: 'application/gzip', size: archive.length }),
    async close() {
      await worker.stop();
      await appPool().end();
      // freshDatabase() reaches the server through DATABASE_URL: point it back before dropping.
      Object.assign(process.env, savedEnv);
      await fresh.drop();
      await dir.remove();
    },
  };
}
