import { eq } from 'drizzle-orm';
import type { Pool } from 'pg';
import type { Db } from '@/lib/server/db/client';
import { job, type JobRow } from '@/lib/server/db/schema/jobs';
import { createBoss } from '@/lib/server/jobs/boss';
import type { AnyJobDefinition } from '@/lib/server/jobs/define';
import { createJobQueue, type JobQueue } from '@/lib/server/jobs/queue';
import { createWorker, type Worker } from '@/lib/server/jobs/worker';
import { createFsStorage } from '@/lib/server/storage/fs-driver';
import type { Storage } from '@/lib/server/storage/types';
import { freshDatabase, migrateDb, openDb } from '@/tests/support/fresh-database';
import { tempDir } from '../storage/helpers';

export interface Harness {
  url: string;
  db: Db;
  pool: Pool;
  queue: JobQueue;
  worker: Worker;
  storage: Storage;
  storageDir: string;
  logs: string[];
  close(): Promise<void>;
}

/** A migrated throwaway database, a filesystem storage and a worker for the given job types. */
export async function startHarness(definitions: AnyJobDefinition[]): Promise<Harness> {
  const database = await freshDatabase();
  const { db, pool } = openDb(database.url);
  await migrateDb(db);
  const dir = await tempDir('jobs');
  const storage = createFsStorage(dir.path);
  const logs: string[] = [];
  const queue = createJobQueue({ pool, contracts: definitions });
  await queue.ready();
  // supervise: false keeps pg-boss's cron and maintenance out of the tests' way.
  const boss = createBoss({ pool, supervise: false, pollingIntervalSeconds: 0.5, onError: (err) => logs.push(`boss error: ${err.message}`) });
  const worker = createWorker({ boss, db, storage, definitions, pollingIntervalSeconds: 0.5, listenUrl: database.url, shutdownGraceMs: 2000, log: (m) => logs.push(m) });
  await worker.start();
  return {
    url: database.url,
    db,
    pool,
    queue,
    worker,
    storage,
    storageDir: dir.path,
    logs,
    async close() {
      await worker.stop();
      await pool.end();
      await database.drop();
      await dir.remove();
    },
  };
}

export async function jobRow(db: Db, id: string): Promise<JobRow> {
  const [row] = await db.select().from(job).where(eq(job.id, id));
  if (!row) throw new Error(`no job row ${id}`);
  return row;
}

/** Polls until the predicate holds (the worker runs asynchronously); fails after timeoutMs. */
export async function waitFor<T>(read: () => Promise<T>, predicate: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (predicate(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A promise with its resolver, to hold a handler until the test lets it go. */
export function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}
