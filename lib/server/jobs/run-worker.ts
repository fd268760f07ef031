import 'server-only';
import { db, pool } from '../db/client';
import { env } from '../env';
import { storage } from '../storage';
import { forgettingDeletes } from '../storage-sync/forget-deleted';
import { createBoss } from './boss';
import type { AnyJobDefinition } from './define';
import { createWorker, type Worker } from './worker';

/**
 * The worker process as configured by the environment, working the given job types: contracts
 * with their handlers bound (scripts/worker.ts passes lib/server/worker-handlers.ts).
 */
export function workerFromEnv(definitions: readonly AnyJobDefinition[]): { worker: Worker; close(): Promise<void> } {
  const e = env();
  const pollingIntervalSeconds = e.JOB_POLL_INTERVAL_SECONDS;
  const boss = createBoss({ pool: pool(), supervise: true, pollingIntervalSeconds });
  const worker = createWorker({
    boss,
    db: db(),
    // A job's deletes are deliberate too (a replaced tour generation, a cancelled conversion's output).
    storage: forgettingDeletes(storage(), db),
    definitions,
    pollingIntervalSeconds,
    listenUrl: e.DATABASE_URL,
  });
  return { worker, close: () => pool().end() };
}
