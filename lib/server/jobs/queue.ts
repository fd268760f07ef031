import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Pool } from 'pg';
import type { z } from 'zod';
import { job, type JobRow } from '../db/schema/jobs';
import { AppError, notFound } from '../errors';
import { createBoss, ensureQueues, executorFor, WAKE_CHANNEL } from './boss';
import type { AnyJobContract, Executor, JobContract } from './define';

export interface EnqueueOptions {
  missionId?: number | null;
  /** Identity id of the user who asked for the job. */
  createdBy?: string | null;
  /** Run no earlier than this. */
  startAfter?: Date;
  priority?: number;
}

export interface JobQueue {
  /** Installs/migrates pg-boss's schema (and the queues of `contracts`) once per process (advisory-locked). */
  ready(): Promise<void>;
  /**
   * Writes the job row and the pg-boss job in one transaction (the caller's, if `db` is one),
   * so a job exists for users exactly when it exists for workers. Returns the row.
   */
  enqueue<S extends z.ZodType>(db: Executor, contract: JobContract<S>, data: z.input<S>, options?: EnqueueOptions): Promise<JobRow>;
  /** Cancels a queued or running job; a running handler sees its signal aborted at its next progress report. */
  cancel(db: Executor, jobId: string): Promise<JobRow>;
}

/**
 * The sending side of the jobs layer. Its pg-boss instance never works jobs or supervises
 * (that is the worker's), so it costs nothing in the app process beyond its schema check.
 * It knows no job type in advance: a contract's queue is created (or brought up to date) the
 * first time this process enqueues it, so features bring their contracts and nothing here
 * imports a feature. `contracts` are set up at `ready()` already.
 */
export function createJobQueue({ pool, contracts = [] }: { pool: Pool; contracts?: readonly AnyJobContract[] }): JobQueue {
  let started: Promise<PgBoss> | undefined;
  const queues = new Map<string, Promise<void>>();
  const boss = () => {
    started ??= (async () => {
      const b = createBoss({ pool, supervise: false });
      await b.start();
      for (const c of contracts) await queueFor(b, c);
      return b;
    })().catch((err: unknown) => {
      started = undefined; // try again on the next call (e.g. the database was restarting)
      throw err;
    });
    return started;
  };
  // One queue at a time: pg-boss's createQueue deadlocks with itself when run concurrently.
  let creating: Promise<void> = Promise.resolve();
  const queueFor = (b: PgBoss, contract: AnyJobContract): Promise<void> => {
    let ready = queues.get(contract.name);
    if (!ready) {
      ready = creating.then(() => ensureQueues(b, [contract]));
      creating = ready.catch(() => undefined);
      ready = ready.catch((err: unknown) => {
        queues.delete(contract.name);
        throw err;
      });
      queues.set(contract.name, ready);
    }
    return ready;
  };

  async function enqueue<S extends z.ZodType>(db: Executor, definition: JobContract<S>, data: z.input<S>, options: EnqueueOptions = {}): Promise<JobRow> {
    const parsed = definition.schema.safeParse(data);
    if (!parsed.success) {
      throw new AppError('validation', `Invalid input for job ${definition.name}`, { issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) });
    }
    const input = parsed.data as z.output<S>;
    const b = await boss();
    await queueFor(b, definition as unknown as AnyJobContract);
    const id = randomUUID();
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(job)
        .values({
          id,
          type: definition.name,
          input: definition.summarize ? definition.summarize(input) : toRecord(input),
          missionId: options.missionId ?? null,
          createdBy: options.createdBy ?? null,
          maxAttempts: definition.retry.limit + 1,
        })
        .returning();
      // pg-boss checks `'priority' in options`, so only set keys that have values.
      const sendOptions: PgBoss.SendOptions = { id, db: executorFor(tx) };
      if (options.startAfter) sendOptions.startAfter = options.startAfter;
      if (options.priority !== undefined) sendOptions.priority = options.priority;
      const sent = await b.send(definition.name, input as object, sendOptions);
      if (sent !== id) throw new Error(`pg-boss did not accept job ${definition.name}`);
      // Delivered on commit: idle workers wake at once instead of at their next poll.
      await tx.execute(sql`select pg_notify(${WAKE_CHANNEL}, ${definition.name})`);
      return row as JobRow;
    });
  }

  async function cancel(db: Executor, jobId: string): Promise<JobRow> {
    const b = await boss();
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(job)
        .set({ state: 'cancelled', finishedAt: sql`now()`, updatedAt: sql`now()`, version: sql`${job.version} + 1` })
        .where(and(eq(job.id, jobId), inArray(job.state, ['queued', 'running'])))
        .returning();
      if (!row) {
        const [existing] = await tx.select().from(job).where(eq(job.id, jobId));
        if (!existing) throw notFound('Job');
        throw new AppError('conflict', `The job has already ${existing.state}`, { state: existing.state });
      }
      await b.cancel(row.type, jobId, { db: executorFor(tx) });
      return row;
    });
  }

  return { ready: async () => void (await boss()), enqueue, cancel };
}

function toRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
}
