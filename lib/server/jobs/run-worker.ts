import 'server-only';
import { db, pool } from '../db/client';
import { env } from '../env';
import { storage } from '../storage';
import { createBoss } from './boss';
import { allDefinitions } from './registry';
import { createWorker, type Worker } from './worker';

/** The worker process as configured by the environment (scripts/worker.ts). */
export function workerFromEnv(): { worker: Worker; close(): Promise<void> } {
  const e = env();
  const pollingIntervalSeconds = e.JOB_POLL_INTERVAL_SECONDS;
  const boss = createBoss({ pool: pool(), supervise: true, pollingIntervalSeconds });
  const worker = createWorker({
    boss,
    db: db(),
    storage: storage(),
    definitions: allDefinitions,
    pollingIntervalSeconds,
    listenUrl: e.DATABASE_URL,
  });
  return { worker, close: () => pool().end() };
}
