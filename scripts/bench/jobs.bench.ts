/**
 * Job pickup latency (enqueue → handler start; with NOTIFY wake-ups and with polling alone) and
 * throughput of one worker process.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { z } from 'zod';
import { createPool } from '../../lib/server/db/pool';
import * as schema from '../../lib/server/db/schema';
import { createBoss } from '../../lib/server/jobs/boss';
import { defineJob, type AnyJobDefinition } from '../../lib/server/jobs/define';
import { createJobQueue } from '../../lib/server/jobs/queue';
import { createWorker } from '../../lib/server/jobs/worker';
import { createFsStorage } from '../../lib/server/storage/fs-driver';

import { percentile } from './stats';

let onStart: (latencyMs: number) => void = () => undefined;
const noop = defineJob({
  name: 'bench.noop',
  schema: z.object({ sentAt: z.number() }),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  expireInSeconds: 60,
  concurrency: 8,
  async run({ sentAt }) {
    onStart(performance.timeOrigin + performance.now() - sentAt);
    return {};
  },
});

const now = () => performance.timeOrigin + performance.now();

export default async function run({ databaseUrl: url }: { databaseUrl: string }): Promise<Record<string, unknown>> {
  const pollingIntervalSeconds = 0.5;
  const pool = createPool(url!, { max: 12 });
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  const definitions = [noop] as AnyJobDefinition[];
  const queue = createJobQueue({ pool, contracts: definitions });
  await queue.ready();
  const storage = createFsStorage(`/tmp/argus-bench-storage-${process.pid}`);

  async function withWorker<T>(listen: boolean, fn: () => Promise<T>): Promise<T> {
    const boss = createBoss({ pool, supervise: false, pollingIntervalSeconds });
    const worker = createWorker({ boss, db, storage, definitions, pollingIntervalSeconds, listenUrl: listen ? url : undefined, log: () => undefined });
    await worker.start();
    await new Promise((r) => setTimeout(r, 300)); // let the LISTEN connection settle
    try {
      return await fn();
    } finally {
      await worker.stop();
    }
  }

  async function pickup(samples: number): Promise<number[]> {
    const latencies: number[] = [];
    for (let i = 0; i < samples; i += 1) {
      const started = new Promise<number>((resolve) => (onStart = resolve));
      await queue.enqueue(db, noop, { sentAt: now() });
      latencies.push(await started);
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 600)); // idle worker, random poll phase
    }
    return latencies;
  }

  const notify = await withWorker(true, () => pickup(60));
  const polling = await withWorker(false, () => pickup(20));

  const total = 1000;
  const throughput = await withWorker(true, async () => {
    let seen = 0;
    const all = new Promise<void>((resolve) => {
      onStart = () => {
        seen += 1;
        if (seen === total) resolve();
      };
    });
    const t0 = now();
    for (let i = 0; i < total; i += 50) {
      await Promise.all(Array.from({ length: Math.min(50, total - i) }, () => queue.enqueue(db, noop, { sentAt: now() })));
    }
    const enqueued = now();
    await all;
    const t1 = now();
    // Wait until every row is recorded as succeeded, which is what users see.
    for (;;) {
      const { rows } = await pool.query<{ n: string }>(`select count(*) as n from job where type = 'bench.noop' and state = 'succeeded'`);
      if (Number(rows[0]?.n) >= total + 80) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const t2 = now();
    return {
      jobs: total,
      enqueuePerSecond: Math.round(total / ((enqueued - t0) / 1000)),
      startedPerSecond: Math.round(total / ((t1 - t0) / 1000)),
      completedPerSecond: Math.round(total / ((t2 - t0) / 1000)),
    };
  });

  await pool.end();
  const result = {
    pickupNotifyMs: { p50: percentile(notify, 50), p95: percentile(notify, 95), samples: notify.length },
    pickupPollingOnlyMs: { p50: percentile(polling, 50), p95: percentile(polling, 95), samples: polling.length, pollingIntervalSeconds },
    throughput: { ...throughput, workerConcurrency: noop.concurrency, oneWorkerProcess: true },
  };
  return result;
}

