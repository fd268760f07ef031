/**
 * The background worker: `node --conditions=react-server --import tsx scripts/worker.ts`.
 * `npm start` runs one beside the app (scripts/services/worker.ts); run more for more throughput.
 * SIGTERM/SIGINT: stop fetching, let running jobs finish (25 s), abort the rest (they retry).
 */
import { db } from '../lib/server/db/client';
import { enqueueJob } from '../lib/server/jobs/enqueue';
import { workerFromEnv } from '../lib/server/jobs/run-worker';
import { storageInventoryJob } from '../lib/server/storage-sync/storage-jobs';
import { workerJobs } from '../lib/server/worker-handlers';

async function main(): Promise<void> {
  const { worker, close } = workerFromEnv(workerJobs);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[worker] ${signal}: stopping`);
    worker
      .stop()
      .then(close)
      .then(
        () => process.exit(0),
        (err: unknown) => {
          console.error(`[worker] stop failed: ${err instanceof Error ? err.message : String(err)}`);
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  await worker.start();
  // The storage inventory's backfill: files stored before (or while) no worker ran are recorded now, not at the next schedule.
  await enqueueJob(db(), storageInventoryJob, {}).catch((err: unknown) => console.error(`[worker] storage inventory not queued: ${err instanceof Error ? err.message : String(err)}`));
}

main().catch((err: unknown) => {
  console.error(`[worker] ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});
