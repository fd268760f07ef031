import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgEnum, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mutable } from './columns';

/**
 * What users see of a background job. pg-boss keeps its own queue tables (schema `pgboss`),
 * which it archives and purges; this row is ours and outlives them (deleted 30 days after it
 * finished by the maintenance.cleanup job, except a succeeded mission backup's row: it is the
 * backup's record and goes with its archive, by the backup retention).
 *
 * `queued` covers both "waiting for a worker" and "waiting for a retry after a failed attempt";
 * `error` then holds the last attempt's failure.
 */
export const jobState = pgEnum('job_state', ['queued', 'running', 'succeeded', 'failed', 'cancelled']);

export const job = pgTable(
  'job',
  {
    /** Same id as the pg-boss job. */
    id: uuid().primaryKey(),
    /** The job type, which is also the pg-boss queue name, e.g. `maintenance.cleanup`. */
    type: text().notNull(),
    state: jobState().notNull().default('queued'),
    /** Whole percent, 0..100. */
    progress: smallint().notNull().default(0),
    /** Message of the last failed attempt (no stack traces: users read it). */
    error: text(),
    /** What the job returned on success. */
    result: jsonb().$type<unknown>(),
    /** A summary of the job's input for display (never secrets or large payloads). */
    input: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** The mission the job works for, if any (no foreign key yet: added with the mission schema). */
    missionId: bigint({ mode: 'number' }),
    /** Identity id of the user who started the job; null for scheduled jobs. */
    createdBy: uuid(),
    /** Attempts started so far (1 on the first run). */
    attempts: integer().notNull().default(0),
    /** Attempts allowed in total (retry limit + 1). */
    maxAttempts: integer().notNull().default(1),
    startedAt: timestamp({ withTimezone: true }),
    /**
     * Written every few seconds by the worker running the attempt; a `running` row whose
     * heartbeat stops is taken for a dead worker and its attempt failed (worker.ts).
     */
    heartbeatAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    ...mutable,
  },
  (t) => [
    check('job_progress_range', sql`${t.progress} between 0 and 100`),
    check('job_attempts_range', sql`${t.attempts} >= 0 and ${t.maxAttempts} >= 1`),
    // Lists of a mission's / a user's jobs, newest first (keyset on created_at, id).
    index('job_mission_created_idx').on(t.missionId, t.createdAt, t.id),
    index('job_created_by_created_idx').on(t.createdBy, t.createdAt, t.id),
    // The cleanup job's "finished more than 30 days ago" and the reconciler's "still open".
    index('job_state_finished_idx').on(t.state, t.finishedAt),
  ],
);

export type JobRow = typeof job.$inferSelect;
export type JobState = (typeof jobState.enumValues)[number];
