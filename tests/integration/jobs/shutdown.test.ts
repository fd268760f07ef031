import { z } from 'zod';
import { createBoss } from '@/lib/server/jobs/boss';
import { defineJob, type AnyJobDefinition } from '@/lib/server/jobs/define';
import { createWorker } from '@/lib/server/jobs/worker';
import { jobRow, startHarness, waitFor, type Harness } from './harness';

const attempts: number[] = [];
const cleanups: number[] = [];

// Runs until aborted on its first attempt (a long conversion during a deploy), quickly afterwards.
const conversion = defineJob({
  name: 'test.conversion',
  schema: z.object({}),
  retry: { limit: 2, delaySeconds: 1, backoff: true },
  expireInSeconds: 300,
  async run(_data, ctx) {
    attempts.push(ctx.attempt);
    await ctx.reportProgress(10);
    if (ctx.attempt === 1) await new Promise((_resolve, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('aborted'))));
    return { attempt: ctx.attempt };
  },
  async cleanup(_data, ctx) {
    cleanups.push(ctx.attempt);
  },
});

let h: Harness;
beforeAll(async () => {
  h = await startHarness([conversion] as AnyJobDefinition[]);
});
afterAll(() => h?.close());

it('a worker that stops aborts what is still running after its grace period; another worker retries it', async () => {
  const row = await h.queue.enqueue(h.db, conversion, {});
  await waitFor(() => jobRow(h.db, row.id), (r) => r.state === 'running' && r.progress === 10);

  await h.worker.stop(); // grace 2 s in the harness, then abort
  const interrupted = await jobRow(h.db, row.id);
  expect(interrupted).toMatchObject({ state: 'queued', attempts: 1, error: 'The worker stopped while the job was running' });

  const boss = createBoss({ pool: h.pool, supervise: false, pollingIntervalSeconds: 0.5 });
  const next = createWorker({ boss, db: h.db, storage: h.storage, definitions: [conversion] as AnyJobDefinition[], pollingIntervalSeconds: 0.5, log: () => undefined });
  await next.start();
  try {
    const done = await waitFor(() => jobRow(h.db, row.id), (r) => r.state === 'succeeded');
    expect(done).toMatchObject({ attempts: 2, result: { attempt: 2 }, error: null });
    expect(attempts).toEqual([1, 2]);
    expect(cleanups).toEqual([2]); // partial output of the interrupted attempt discarded first
  } finally {
    await next.stop();
  }
});
