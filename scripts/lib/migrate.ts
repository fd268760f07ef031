import { resolve } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

export const migrationsFolder = resolve(__dirname, '../../lib/server/db/migrations');

// Any fixed number works; it only has to be the same for every process that migrates.
const MIGRATION_LOCK = 4_277_310_001;

/**
 * Applies the committed SQL migrations. Idempotent (drizzle records what ran), and safe when
 * two processes start at once: the second waits on an advisory lock, then finds nothing to do.
 */
export async function applyMigrations(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}
