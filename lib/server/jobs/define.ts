import 'server-only';
import type { z } from 'zod';
import type { Db } from '../db/client';
import type { Storage } from '../storage/types';

/** A database handle or an open transaction on it (both run queries and nested transactions). */
export type DbTx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | DbTx;

export interface RetryPolicy {
  /** Retries after the first attempt (0 = run once). */
  limit: number;
  /** Seconds before the first retry; with backoff each further retry waits about twice as long (with jitter). */
  delaySeconds: number;
  backoff: boolean;
}

/** What a handler gets besides its input. */
export interface JobContext {
  jobId: string;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when the job expires, is cancelled, or the worker shuts down: stop soon after. */
  signal: AbortSignal;
  /** Records progress (whole percent 0..100) on the job row; cheap to call often (throttled). */
  reportProgress(percent: number): Promise<void>;
  /**
   * Storage prefix for partial output (`tmp/jobs/<id>/`). It is emptied before a retry and
   * after the job ends, so write there and move results into place as the last step.
   */
  scratchPrefix: string;
  db: Db;
  storage: Storage;
  log(message: string): void;
}

export type CleanupContext = Omit<JobContext, 'reportProgress'>;

/**
 * What the app and the worker agree on about a job type: its name, input and options. A contract
 * lives with its feature (e.g. `missions/backup/backup-job.ts`); enqueueing needs only the
 * contract, so the app never loads handler code and the jobs layer imports no feature.
 */
export interface JobContract<S extends z.ZodType = z.ZodType> {
  /** Job type and pg-boss queue name, e.g. `maintenance.cleanup`. */
  name: string;
  /** Validates the input when enqueued and again when run. */
  schema: S;
  retry: RetryPolicy;
  /**
   * Longest a single attempt may run; after that it is aborted and counts as failed (pg-boss
   * also re-queues it if the worker died). Must exceed the longest real run; at most 23 h.
   */
  expireInSeconds: number;
  /** Jobs of this type one worker process runs at the same time (default 2). */
  concurrency?: number;
  /** A cron expression (UTC) to run the job on a schedule, with no input. */
  cron?: string;
  /** What users see of the input on the job row; default: the input itself. */
  summarize?(data: z.output<S>): Record<string, unknown>;
}

/** The code that runs a job type: bound to its contract at the worker's entry (lib/server/worker-handlers.ts). */
export interface JobHandler<S extends z.ZodType = z.ZodType, R = unknown> {
  run(data: z.output<S>, ctx: JobContext): Promise<R>;
  /**
   * Discards what a failed attempt left outside its scratch prefix: runs before every retry
   * and after the final failure or a cancellation. Must be idempotent.
   */
  cleanup?(data: z.output<S>, ctx: CleanupContext): Promise<void>;
}

/** A contract with its handler: what a worker runs. */
export type JobDefinition<S extends z.ZodType = z.ZodType, R = unknown> = JobContract<S> & JobHandler<S, R>;

export type AnyJobContract = JobContract<z.ZodType>;
export type AnyJobDefinition = JobDefinition<z.ZodType, unknown>;

/** pg-boss refuses expirations of 24 h or more. */
export const MAX_EXPIRE_SECONDS = 23 * 60 * 60;
const NAME = /^[a-z][a-z0-9]*(?:[.-][a-z0-9]+)*$/;

/** Checks a job type's options once, when its module loads. */
export function defineJobContract<S extends z.ZodType>(contract: JobContract<S>): JobContract<S> {
  const { name, retry, expireInSeconds, concurrency = 2 } = contract;
  if (!NAME.test(name)) throw new Error(`job name ${name} must be lower-case words joined by . or -`);
  if (!Number.isInteger(expireInSeconds) || expireInSeconds < 1 || expireInSeconds > MAX_EXPIRE_SECONDS) {
    throw new Error(`job ${name}: expireInSeconds must be an integer between 1 and ${MAX_EXPIRE_SECONDS}`);
  }
  if (!Number.isInteger(retry.limit) || retry.limit < 0 || !Number.isInteger(retry.delaySeconds) || retry.delaySeconds < (retry.backoff ? 1 : 0)) {
    throw new Error(`job ${name}: retry.limit and retry.delaySeconds must be non-negative integers (delay ≥ 1 with backoff)`);
  }
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`job ${name}: concurrency must be a positive integer`);
  return contract;
}

/** Binds a handler to its contract; only the worker's entry point does this. */
export function bindJob<S extends z.ZodType, R>(contract: JobContract<S>, handler: JobHandler<S, R>): JobDefinition<S, R> {
  return { ...contract, run: handler.run, ...(handler.cleanup ? { cleanup: handler.cleanup } : {}) };
}

/** A contract and its handler in one (throwaway job types in tests). */
export function defineJob<S extends z.ZodType, R>(definition: JobDefinition<S, R>): JobDefinition<S, R> {
  defineJobContract(definition);
  return definition;
}

/** A job error that retrying cannot fix (bad input, corrupt file): the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}
