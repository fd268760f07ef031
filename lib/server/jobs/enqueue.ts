import 'server-only';
import type { z } from 'zod';
import type { JobRow } from '../db/schema/jobs';
import { pool } from '../db/client';
import type { Executor, JobContract } from './define';
import { createJobQueue, type EnqueueOptions, type JobQueue } from './queue';

const holder = globalThis as unknown as { __argusJobQueue?: JobQueue };

/** The app's queue, on the app's database pool. */
export function jobQueue(): JobQueue {
  holder.__argusJobQueue ??= createJobQueue({ pool: pool() });
  return holder.__argusJobQueue;
}

/**
 * Starts a background job of a feature's contract: validates the input, writes the `job` row
 * users see and the pg-boss job in one transaction (`db` may be the caller's transaction), and
 * wakes a worker. A worker runs it with the handler bound to the contract in
 * lib/server/worker-handlers.ts.
 */
export function enqueueJob<S extends z.ZodType>(db: Executor, contract: JobContract<S>, data: z.input<S>, options: EnqueueOptions = {}): Promise<JobRow> {
  return jobQueue().enqueue(db, contract, data, options);
}

export function cancelJob(db: Executor, jobId: string): Promise<JobRow> {
  return jobQueue().cancel(db, jobId);
}
