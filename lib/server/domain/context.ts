import 'server-only';
import type { Db } from '../db/client';
import type { Actor } from '../auth/actor';

/** A transaction handle: what `db.transaction` passes to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What every domain verb receives besides its input. */
export interface DomainContext {
  db: Db | Tx;
  actor: Actor;
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
