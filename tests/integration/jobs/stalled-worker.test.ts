import { z } from 'zod';
import { createBoss } from '@/lib/server/jobs/boss';
import { defineJob, type AnyJobDefinition } from '@/lib/server/jobs/define';
import { createJobQueue } from '@/lib/server/jobs/queue';
import { createWorker, type Worker } from '@/lib/server/jobs/worker';
import { createFsStorage } from '@/lib/server/storage/fs-driver';
import { freshDatabase, migrateDb, openDb } from '@/tests/support/fresh-database';
import { tempDir } from '../storage/helpers';
import { gate, jobRow, waitFor } from './harness';

/*
 * A worker that stalls (its heartbeat stops, its handler does not) is taken for dead: another
 * worker fails the attempt and the job runs again at once, without its retry delay. When the
 * stalled handler finally returns, its result is dropped: the job keeps the second attempt's.
 */

const stall = gate();
const slow = defineJob({
  name: 'test.stalled',
  schema: z.object({}),
  // A long retry delay: the lost attempt's retry must not wait for it.
  retry: { limit: 1, delaySeconds: 600, backoff: false },
  expireInSeconds: 900,
  async run(_data, ctx) {
    await ctx.reportProgress(10);
    if (ctx.attempt === 1) await stall.promise; // deaf to its signal, like a blocked handler
    return { attempt: ctx.attempt };
  },
});
const definitions = [slow] as AnyJobDefinition[];

const workers: Worker[] = [];
let cleanup: () => Promise<void> = async () => {};
afterAll(async () => {
  stall.open();
  await Promise.all(workers.map((w) => w.stop()));
  await cleanup();
});

it('another worker fails a stalled attempt and runs the job again at once; the stalled result is dropped', async () => {
  const database = await freshDatabase();
  const { db, pool } = openDb(database.url);
  const dir = await tempDir('stalled');
  cleanup = async () => {
    await pool.end();
    await database.drop();
    await dir.remove();
  };
  await migrateDb(db);
  const storage = createFsStorage(dir.path);
  const queue = createJobQueue({ pool, contracts: definitions });
  await queue.ready();
  const start = async (name: string, heartbeatSeconds: number, lostAfterSeconds: number, logs: string[]) => {
    const boss = createBoss({ pool, supervise: false, pollingIntervalSeconds: 0.5 });
    const worker = createWorker({ boss, db, storage, definitions, pollingIntervalSeconds: 0.5, heartbeatSeconds, lostAfterSeconds, log: (m) => logs.push(m) });
    workers.push(worker);
    await worker.start();
  };

  const stalledLogs: string[] = [];
  await start('stalled', 3600, 3600, stalledLogs); // its next heartbeat is an hour away
  const row = await queue.enqueue(db, slow, {});
  await waitFor(() => jobRow(db, row.id), (r) => r.state === 'running' && r.progress === 10);

  const watchLogs: string[] = [];
  await start('watcher', 0.2, 1, watchLogs);
  const done = await waitFor(() => jobRow(db, row.id), (r) => r.state === 'succeeded');
  expect(done).toMatchObject({ attempts: 2, result: { attempt: 2 }, error: null });
  expect(watchLogs).toContain(`test.stalled ${row.id}: attempt 1/2 lost (no heartbeat for 1 s); retrying now`);

  stall.open();
  await waitFor(
    async () => stalledLogs,
    (logs) => logs.includes(`test.stalled ${row.id}: attempt 1 finished after it was failed as lost; its result is dropped`),
  );
  expect(await jobRow(db, row.id)).toMatchObject({ state: 'succeeded', attempts: 2, result: { attempt: 2 }, version: done.version });
});
