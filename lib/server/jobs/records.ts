import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { job, type JobState } from '../db/schema/jobs';
import type { Executor } from './define';

/**
 * Writes to the job rows users see. Every write bumps `version` and `updated_at`. Terminal
 * states (succeeded, failed, cancelled) are never left again, so a late or duplicate delivery
 * from pg-boss cannot resurrect a finished or cancelled job.
 */
const touched = { updatedAt: sql`now()`, version: sql`${job.version} + 1` };
const OPEN: JobState[] = ['queued', 'running'];

export interface AttemptStart {
  id: string;
  type: string;
  input: Record<string, unknown>;
  attempt: number;
  maxAttempts: number;
}

/**
 * Marks an attempt as running. Scheduled jobs (sent by pg-boss's cron, not by enqueue) get their
 * row here. Returns false when the row is already finished or cancelled: do not run it.
 */
export async function startAttempt(db: Executor, a: AttemptStart): Promise<boolean> {
  const rows = await db
    .insert(job)
    .values({ id: a.id, type: a.type, input: a.input, state: 'running', attempts: a.attempt, maxAttempts: a.maxAttempts, startedAt: sql`now()`, heartbeatAt: sql`now()` })
    .onConflictDoUpdate({
      target: job.id,
      set: { state: 'running', progress: 0, attempts: a.attempt, maxAttempts: a.maxAttempts, startedAt: sql`coalesce(${job.startedAt}, now())`, heartbeatAt: sql`now()`, ...touched },
      setWhere: inArray(job.state, OPEN),
    })
    .returning({ id: job.id });
  return rows.length === 1;
}

/** Returns false when the job is no longer running (cancelled meanwhile). */
export async function recordProgress(db: Executor, id: string, progress: number): Promise<boolean> {
  const rows = await db
    .update(job)
    .set({ progress, ...touched })
    .where(and(eq(job.id, id), eq(job.state, 'running')))
    .returning({ id: job.id });
  return rows.length === 1;
}

/** Only while the row still shows this attempt running: not once it was cancelled or failed as lost. */
const stillRunning = (id: string, attempt: number) => and(eq(job.id, id), eq(job.state, 'running'), eq(job.attempts, attempt));

/**
 * Returns false when the attempt is no longer the job's (cancelled, or failed as lost while its
 * worker stalled): its result is then discarded. Locks our row before pg-boss's, as every writer does.
 */
export async function recordSuccess(db: Executor, id: string, attempt: number, result: unknown): Promise<boolean> {
  const rows = await db
    .update(job)
    .set({ state: 'succeeded', progress: 100, error: null, result: result ?? null, finishedAt: sql`now()`, ...touched })
    .where(stillRunning(id, attempt))
    .returning({ id: job.id });
  return rows.length === 1;
}

/**
 * A failed attempt: back to `queued` when pg-boss will retry it, else `failed` for good. With
 * `attempt`, only while that attempt is the job's (returns false otherwise); without it (a lost
 * attempt, which may never have been recorded as running), whenever the job is open.
 */
export async function recordFailure(db: Executor, id: string, error: string, willRetry: boolean, attempt?: number): Promise<boolean> {
  const rows = await db
    .update(job)
    .set(willRetry ? { state: 'queued', error, ...touched } : { state: 'failed', error, finishedAt: sql`now()`, ...touched })
    .where(attempt === undefined ? and(eq(job.id, id), inArray(job.state, OPEN)) : stillRunning(id, attempt))
    .returning({ id: job.id });
  return rows.length === 1;
}

/**
 * The running worker's sign of life for its attempts (bookkeeping: no version bump). Returns the
 * attempts that are still this worker's; any other was cancelled or failed as lost meanwhile.
 */
export async function recordHeartbeat(db: Executor, attempts: Array<{ id: string; attempt: number }>): Promise<Set<string>> {
  if (attempts.length === 0) return new Set();
  const rows = await db
    .update(job)
    .set({ heartbeatAt: sql`now()` })
    .where(and(inArray(job.id, attempts.map((a) => a.id)), eq(job.state, 'running')))
    .returning({ id: job.id, attempts: job.attempts });
  const current = new Map(rows.map((r) => [r.id, r.attempts]));
  return new Set(attempts.filter((a) => current.get(a.id) === a.attempt).map((a) => a.id));
}

export async function isCancelled(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ state: job.state }).from(job).where(eq(job.id, id));
  return row?.state === 'cancelled';
}
