import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Pool } from 'pg';
import type { AnyJobContract, Executor } from './define';

/** pg-boss keeps its tables in their own schema of the app's database. */
export const BOSS_SCHEMA = 'pgboss';
/** NOTIFY channel that wakes workers as soon as a job is enqueued (payload: the queue name). */
export const WAKE_CHANNEL = 'argus_jobs';

/** pg-boss runs its SQL through our pool (the one that survives database restarts). */
export function poolExecutor(pool: Pool): PgBoss.Db {
  return { executeSql: (text, values) => pool.query(text, values) };
}

/**
 * pg-boss SQL run on a drizzle handle, so `send`/`complete`/`fail`/`cancel` join the caller's
 * transaction (pg-boss 10 takes a `{ executeSql }` object as the `db` option of those calls).
 */
export function executorFor(db: Executor): PgBoss.Db {
  return {
    executeSql: async (text, values = []) => {
      const result = await db.execute(positional(text, values));
      return { rows: result.rows };
    },
  };
}

/** Rewrites `$1 … $n` placeholders into drizzle parameters (drizzle renumbers them). */
function positional(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [sql.raw(parts[0] ?? '')];
  for (let i = 1; i < parts.length; i += 2) {
    chunks.push(sql`${sql.param(values[Number(parts[i]) - 1] ?? null)}`, sql.raw(parts[i + 1] ?? ''));
  }
  return sql.join(chunks);
}

export interface BossOptions {
  pool: Pool;
  /** true in worker processes: expires stuck jobs, archives, and fires cron schedules. */
  supervise: boolean;
  pollingIntervalSeconds?: number;
  onError?: (err: Error) => void;
}

export function createBoss({ pool, supervise, pollingIntervalSeconds = 0.5, onError }: BossOptions): PgBoss {
  const boss = new PgBoss({
    db: poolExecutor(pool),
    schema: BOSS_SCHEMA,
    migrate: true,
    supervise,
    schedule: supervise,
    pollingIntervalSeconds,
    // Finished pg-boss rows are only bookkeeping: our `job` table is the record users see.
    archiveCompletedAfterSeconds: 60 * 60,
    deleteAfterDays: 7,
  });
  boss.on('error', onError ?? ((err) => console.error(`[jobs] pg-boss: ${err.message}`)));
  return boss;
}

/** Creates each definition's queue, or brings an existing one up to date (retries, expiry). */
export async function ensureQueues(boss: PgBoss, definitions: readonly AnyJobContract[]): Promise<void> {
  for (const d of definitions) {
    const options: PgBoss.Queue = {
      name: d.name,
      policy: 'standard',
      retryLimit: d.retry.limit,
      retryDelay: d.retry.delaySeconds,
      retryBackoff: d.retry.backoff,
      expireInSeconds: d.expireInSeconds,
    };
    await boss.createQueue(d.name, options);
    await boss.updateQueue(d.name, options);
  }
}
