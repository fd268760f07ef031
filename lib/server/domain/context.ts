import 'server-only';
import type { z } from 'zod';
import type { Db } from '../db/client';
import type { JobRow } from '../db/schema/jobs';
import type { Actor } from '../auth/actor';
import type { Executor, JobContract } from '../jobs/define';
import type { EnqueueOptions } from '../jobs/queue';
import type { MailDelivery, OutgoingMail } from '../mail/send-mail';
import type { MailOutboxRow } from '../db/schema/mail';
import type { Storage } from '../storage/types';

/** A transaction handle: what `db.transaction` passes to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Starts background jobs of a feature's contract (lib/server/jobs/enqueue.ts). */
export interface JobEnqueuer {
  enqueue<S extends z.ZodType>(db: Executor, contract: JobContract<S>, data: z.input<S>, options?: EnqueueOptions): Promise<JobRow>;
  cancel(db: Executor, jobId: string): Promise<JobRow>;
}

/** Sends e-mail through the outbox (lib/server/mail/send-mail.ts); pass a transaction as `db` to send on commit. */
export interface Mailer {
  send(db: Executor, mail: OutgoingMail): Promise<{ message: MailOutboxRow; delivery: MailDelivery }>;
}

export interface Clock {
  now(): Date;
}

/** Log lines of one request, page or job, prefixed with where they come from. */
export interface Logger {
  info(message: string): void;
  error(message: string, err?: unknown): void;
}

/**
 * What every domain verb receives besides its input. Built only by the factories of
 * `contexts.ts`: `requestContext` (route handlers), `pageContext` (server-rendered pages),
 * `jobDomainContext` (job handlers) and `systemContext` (seed, sign-in bookkeeping).
 */
export interface DomainContext {
  actor: Actor;
  db: Db | Tx;
  storage: Storage;
  jobs: JobEnqueuer;
  mail: Mailer;
  clock: Clock;
  log: Logger;
  /** The request (or `job:<id>`) the audit trail records. */
  requestId?: string;
  /**
   * A read-only render that asks several verbs about the same mission (the detail page: the
   * mission, its audit trail, shares and neighbours) loads the row and the actor's relation to it
   * once. Never carried into a transaction: writes always read afresh.
   */
  missionReads?: Map<number, Promise<unknown>>;
}

/**
 * Runs `fn` in a transaction (a savepoint when `ctx` is already inside one), with a context
 * whose `db` is that transaction. Everything `fn` writes commits or rolls back together.
 */
export function inTransaction<T>(ctx: DomainContext, fn: (tx: DomainContext & { db: Tx }) => Promise<T>): Promise<T> {
  return ctx.db.transaction((tx) => fn({ ...ctx, db: tx, missionReads: undefined }));
}
