import { count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { job } from '@/lib/server/db/schema/jobs';
import { defineJob, PermanentJobError, type AnyJobDefinition } from '@/lib/server/jobs/define';
import { gate, jobRow, startHarness, waitFor, type Harness } from './harness';

const events: Array<{ type: string; id: string; attempt: number; at: number }> = [];
const cleanups: Array<{ id: string; attempt: number }> = [];
let hold = gate();

const double = defineJob({
  name: 'test.double',
  schema: z.object({ n: z.number().int() }),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  expireInSeconds: 60,
  summarize: (data) => ({ n: data.n, note: 'summary' }),
  async run({ n }, ctx) {
    events.push({ type: 'double', id: ctx.jobId, attempt: ctx.attempt, at: Date.now() });
    await ctx.reportProgress(50);
    return { doubled: n * 2 };
  },
});

const flaky = defineJob({
  name: 'test.flaky',
  schema: z.object({ failTimes: z.number().int() }),
  retry: { limit: 2, delaySeconds: 1, backoff: true },
  expireInSeconds: 60,
  async run({ failTimes }, ctx) {
    events.push({ type: 'flaky', id: ctx.jobId, attempt: ctx.attempt, at: Date.now() });
    await ctx.storage.put(`${ctx.scratchPrefix}partial-${ctx.attempt}.bin`, Buffer.from('half done'));
    if (ctx.attempt <= failTimes) throw new Error(`disk full on attempt ${ctx.attempt}`);
    return { attempt: ctx.attempt };
  },
  async cleanup(_data, ctx) {
    cleanups.push({ id: ctx.jobId, attempt: ctx.attempt });
  },
});

const held = defineJob({
  name: 'test.held',
  schema: z.object({}),
  retry: { limit: 1, delaySeconds: 1, backoff: false },
  expireInSeconds: 60,
  async run(_data, ctx) {
    await ctx.reportProgress(40);
    await hold.promise;
    await ctx.reportProgress(80);
    return { done: true };
  },
  async cleanup(_data, ctx) {
    cleanups.push({ id: ctx.jobId, attempt: ctx.attempt });
  },
});

const permanent = defineJob({
  name: 'test.permanent',
  schema: z.object({}),
  retry: { limit: 3, delaySeconds: 1, backoff: true },
  expireInSeconds: 60,
  async run() {
    throw new PermanentJobError('The file is not a LAS file');
  },
});

const hangs = defineJob({
  name: 'test.hangs',
  schema: z.object({}),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  expireInSeconds: 2,
  run: (_data, ctx) => new Promise((_resolve, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('stopped')))),
});

let h: Harness;
beforeAll(async () => {
  h = await startHarness([double, flaky, held, permanent, hangs] as AnyJobDefinition[]);
});
afterAll(async () => {
  hold.open();
  await h?.close();
});

const bossState = async (id: string) => {
  const { rows } = await h.pool.query<{ state: string }>('select state from pgboss.job where id = $1', [id]);
  return rows[0]?.state ?? null;
};

describe('jobs', () => {
  it('runs an enqueued job and records success with progress 100 and the result', async () => {
    const row = await h.queue.enqueue(h.db, double, { n: 21 }, { missionId: 42, createdBy: '7d3c8a2e-0000-4000-8000-000000000001' });
    expect(row).toMatchObject({ type: 'test.double', state: 'queued', progress: 0, attempts: 0, maxAttempts: 1, missionId: 42, input: { n: 21, note: 'summary' } });
    expect(await bossState(row.id)).not.toBeNull(); // same id in pg-boss

    const done = await waitFor(() => jobRow(h.db, row.id), (r) => r.state === 'succeeded');
    expect(done).toMatchObject({ progress: 100, result: { doubled: 42 }, attempts: 1, error: null });
    expect(done.startedAt).toBeInstanceOf(Date);
    expect(done.finishedAt!.getTime()).toBeGreaterThanOrEqual(done.startedAt!.getTime());
    expect(done.version).toBeGreaterThan(row.version);
    expect(await bossState(row.id)).toBe('completed');
  });

  it('rejects invalid input at enqueue time and writes nothing', async () => {
    await expect(h.queue.enqueue(h.db, double, { n: 'x' } as unknown as { n: number })).rejects.toMatchObject({ code: 'validation' });
    const [{ n }] = (await h.db.select({ n: count() }).from(job).where(eq(job.type, 'test.double'))) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('enqueues inside the caller’s transaction: a rollback leaves neither row nor queued job', async () => {
    let id = '';
    await expect(
      h.db.transaction(async (tx) => {
        id = (await h.queue.enqueue(tx, double, { n: 1 })).id;
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(id).not.toBe('');
    expect(await h.db.select().from(job).where(eq(job.id, id))).toEqual([]);
    expect(await bossState(id)).toBeNull();
  });

  it('retries a failing job with backoff, discards partial output, then records the failure', async () => {
    const row = await h.queue.enqueue(h.db, flaky, { failTimes: 9 });
    const failed = await waitFor(() => jobRow(h.db, row.id), (r) => r.state === 'failed', 20_000);
    expect(failed).toMatchObject({ attempts: 3, maxAttempts: 3, error: 'disk full on attempt 3' });
    expect(failed.finishedAt).toBeInstanceOf(Date);
    expect(await bossState(row.id)).toBe('failed');

    const starts = events.filter((e) => e.id === row.id).map((e) => e.at);
    expect(starts).toHaveLength(3);
    // pg-boss backoff: retry n waits delay·2^(n-1) to twice that (jitter) — 1 s, then 2 s at least.
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(1000);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(2000);
    // cleanup before each retry and after the final failure (which runs just after the row is final).
    const attempts = await waitFor(async () => cleanups.filter((c) => c.id === row.id).map((c) => c.attempt), (a) => a.length === 3);
    expect(attempts).toEqual([2, 3, 3]);
    expect(await h.storage.head(`tmp/jobs/${row.id}/partial-3.bin`)).toBeNull();
    expect(await h.storage.head(`tmp/jobs/${row.id}/partial-1.bin`)).toBeNull();
  });

  it('succeeds on a retry after a failure, showing the queued state and error in between', async () => {
    const row = await h.queue.enqueue(h.db, flaky, { failTimes: 1 });
    const between = await waitFor(() => jobRow(h.db, row.id), (r) => r.attempts === 1 && r.state === 'queued');
    expect(between.error).toBe('disk full on attempt 1');
    const done = await waitFor(() => jobRow(h.db, row.id), (r) => r.state === 'succeeded', 20_000);
    expect(done).toMatchObject({ attempts: 2, error: null, result: { attempt: 2 }, progress: 100 });
  });

  it('makes progress visible while the job runs', async () => {
    hold = gate();
    const row = await h.queue.enqueue(h.db, held, {});
    const running = await waitFor(() => jobRow(h.db, row.id), (r) => r.progress === 40);
    expect(running).toMatchObject({ state: 'running', attempts: 1 });
    hold.open();
    const done = await waitFor(() => jobRow(h.db, row.id), (r) => r.state === 'succeeded');
    expect(done.progress).toBe(100);
  });

  it('cancels a running job: the handler is aborted at its next progress report and cleaned up', async () => {
    hold = gate();
    const row = await h.queue.enqueue(h.db, held, {});
    await waitFor(() => jobRow(h.db, row.id), (r) => r.progress === 40);
    const cancelled = await h.queue.cancel(h.db, row.id);
    expect(cancelled.state).toBe('cancelled');
    hold.open(); // the handler reports 80 next and learns it was cancelled
    await waitFor(async () => cleanups.some((c) => c.id === row.id), Boolean);
    const final = await jobRow(h.db, row.id);
    expect(final).toMatchObject({ state: 'cancelled', progress: 40 });
    expect(await bossState(row.id)).toBe('cancelled');
    await expect(h.queue.cancel(h.db, row.id)).rejects.toMatchObject({ code: 'conflict' });
  });

  it('fails a permanent error at once, without using its retries', async () => {
    const row = await h.queue.enqueue(h.db, permanent, {});
    const failed = await waitFor(() => jobRow(h.db, row.id), (r) => r.state === 'failed');
    expect(failed).toMatchObject({ attempts: 1, maxAttempts: 4, error: 'The file is not a LAS file' });
  });

  it('aborts an attempt that outlives its expiry', async () => {
    const row = await h.queue.enqueue(h.db, hangs, {});
    const failed = await waitFor(() => jobRow(h.db, row.id), (r) => r.state === 'failed');
    expect(failed.error).toBe('The job took longer than its time limit');
  });

  it('keeps the progress constraint in the database', async () => {
    const row = await h.queue.enqueue(h.db, double, { n: 2 });
    await expect(h.db.update(job).set({ progress: 101 }).where(eq(job.id, row.id))).rejects.toThrow();
    await expect(h.db.execute(sql`update job set state = 'paused' where id = ${row.id}`)).rejects.toThrow();
  });
});
