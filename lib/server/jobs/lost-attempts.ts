import 'server-only';
import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { job } from '../db/schema/jobs';
import { jobScratchPrefix } from '../storage/keys';
import type { Storage } from '../storage/types';
import { BOSS_SCHEMA, executorFor } from './boss';
import type { AnyJobDefinition, CleanupContext } from './define';
import { recordFailure } from './records';

export const LOST_MESSAGE = 'The worker running the job stopped responding';

interface Candidate extends Record<string, unknown> {
  id: string;
  name: string;
  retry_count: number;
  retry_limit: number;
  data: unknown;
}

export interface LostAttemptsOptions {
  boss: PgBoss;
  db: Db;
  storage: Storage;
  definitions: readonly AnyJobDefinition[];
  /** A running attempt whose heartbeat is older than this is taken for lost. */
  lostAfterSeconds: number;
  /** Jobs this worker runs itself: never taken for lost here, whatever their heartbeat says. */
  ownIds: readonly string[];
  log(message: string): void;
}

/**
 * The part of every worker that looks after the others: pg-boss's own supervisor re-queues the
 * job of a dead worker only after its expiry (hours for a backup). Here an active attempt whose
 * heartbeat on our row stopped is failed at once, one job per transaction: its partial output is
 * removed (scratch prefix and the definition's `cleanup`) while pg-boss's row is locked, so no
 * new attempt can start meanwhile; then pg-boss fails the attempt, which retries it per its
 * policy, without the retry delay (the job did not fail, its worker did). Returns how many.
 */
export async function failLostAttempts(o: LostAttemptsOptions): Promise<number> {
  const names = JSON.stringify(o.definitions.map((d) => d.name));
  const own = JSON.stringify(o.ownIds);
  const stale = sql`now() - make_interval(secs => ${o.lostAfterSeconds})`;
  const lostWhere = (only?: string) => sql`
    from ${sql.raw(BOSS_SCHEMA)}.job pj
    left join ${job} j on j.id = pj.id
    where pj.state = 'active'
      and pj.name in (select jsonb_array_elements_text(${names}::jsonb))
      and pj.id::text not in (select jsonb_array_elements_text(${own}::jsonb))
      and pj.started_on < ${stale}
      and (j.id is null or j.state <> 'running' or coalesce(j.heartbeat_at, j.started_at) < ${stale})
      ${only ? sql`and pj.id = ${only}` : sql``}`;
  const { rows: candidates } = await o.db.execute<{ id: string }>(sql`select pj.id ${lostWhere()} order by pj.started_on limit 20`);
  let failed = 0;
  for (const { id } of candidates) {
    const done = await o.db.transaction(async (tx) => {
      // Our row first, then pg-boss's (the order every writer of both keeps), and look again:
      // a worker may have finished it, or another worker may be failing it right now.
      await tx.execute(sql`select 1 from ${job} where id = ${id} for update`);
      const { rows } = await tx.execute<Candidate>(sql`select pj.id, pj.name, pj.retry_count, pj.retry_limit, pj.data ${lostWhere(id)} for update of pj skip locked`);
      const lost = rows[0];
      if (!lost) return false;
      const definition = o.definitions.find((d) => d.name === lost.name);
      const attempt = lost.retry_count + 1;
      const willRetry = lost.retry_count < lost.retry_limit;
      const log = (m: string) => o.log(`${lost.name} ${lost.id}: ${m}`);
      log(`attempt ${attempt}/${lost.retry_limit + 1} lost (no heartbeat for ${o.lostAfterSeconds} s)${willRetry ? '; retrying now' : ''}`);
      // While both rows are locked no new attempt can start, so removing its output races nothing.
      if (definition) await discard(o, definition, lost, attempt, log);
      await recordFailure(tx, lost.id, LOST_MESSAGE, willRetry);
      await o.boss.fail(lost.name, lost.id, { message: LOST_MESSAGE }, { db: executorFor(tx) });
      if (willRetry) await tx.execute(sql`update ${sql.raw(BOSS_SCHEMA)}.job set start_after = now() where name = ${lost.name} and id = ${lost.id} and state = 'retry'`);
      return true;
    });
    if (done) failed += 1;
  }
  return failed;
}

async function discard(o: LostAttemptsOptions, d: AnyJobDefinition, lost: Candidate, attempt: number, log: (m: string) => void): Promise<void> {
  const ctx: CleanupContext = {
    jobId: lost.id,
    attempt,
    maxAttempts: lost.retry_limit + 1,
    signal: new AbortController().signal,
    scratchPrefix: jobScratchPrefix(lost.id),
    db: o.db,
    storage: o.storage,
    log,
  };
  try {
    await o.storage.deletePrefix(ctx.scratchPrefix);
    const parsed = d.schema.safeParse(lost.data);
    if (d.cleanup && parsed.success) await d.cleanup(parsed.data, ctx);
  } catch (err) {
    log(`cleanup failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}
