import { SYSTEM_ACTOR } from '@/lib/server/auth/actor';
import { db as appDb, pool as appPool } from '@/lib/server/db/client';
import { createDomainContext } from '@/lib/server/domain/contexts';
import { createBoss } from '@/lib/server/jobs/boss';
import type { AnyJobDefinition } from '@/lib/server/jobs/define';
import { jobQueue } from '@/lib/server/jobs/enqueue';
import { createWorker, type Worker } from '@/lib/server/jobs/worker';
import { storage as appStorage } from '@/lib/server/storage';
import type { Storage } from '@/lib/server/storage/types';
import { freshDatabase, migrateDb } from '@/tests/support/fresh-database';
import { buildWorld, type TestDb, type World } from '../missions/fixtures';
import { tempDir } from '../storage/helpers';

export interface AppHarness {
  t: TestDb;
  w: World;
  storage: Storage;
  url: string;
  /** Starts a worker for the job types (several may run, as on several machines). */
  startWorker(definitions: AnyJobDefinition[], log?: (m: string) => void): Promise<Worker>;
  close(): Promise<void>;
}

/**
 * The verbs use the app's own database, queue and storage singletons, so DATABASE_URL and
 * STORAGE_DIR point at a fresh database and a temporary folder before anything opens them.
 */
export async function startAppHarness(name: string): Promise<AppHarness> {
  const saved = { DATABASE_URL: process.env.DATABASE_URL, STORAGE_DIR: process.env.STORAGE_DIR };
  const fresh = await freshDatabase();
  const dir = await tempDir(name);
  process.env.DATABASE_URL = fresh.url;
  process.env.STORAGE_DIR = dir.path;
  await migrateDb(appDb());
  await jobQueue().ready();
  const t: TestDb = { db: appDb(), pool: appPool(), system: createDomainContext({ db: appDb(), actor: SYSTEM_ACTOR, requestId: `req-${name}` }), close: async () => {} };
  const w = await buildWorld(t);
  const workers: Worker[] = [];
  return {
    t,
    w,
    storage: appStorage(),
    url: fresh.url,
    async startWorker(definitions, log = () => {}) {
      const boss = createBoss({ pool: appPool(), supervise: false, pollingIntervalSeconds: 0.5 });
      const worker = createWorker({ boss, db: appDb(), storage: appStorage(), definitions, pollingIntervalSeconds: 0.5, listenUrl: fresh.url, shutdownGraceMs: 2000, log });
      await worker.start();
      workers.push(worker);
      return worker;
    },
    async close() {
      for (const worker of workers) await worker.stop().catch(() => undefined);
      await appPool().end();
      Object.assign(process.env, saved);
      await fresh.drop();
      await dir.remove();
    },
  };
}
