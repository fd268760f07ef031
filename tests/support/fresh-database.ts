import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Client, Pool } from 'pg';
import * as schema from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/client';

export const MIGRATIONS_FOLDER = 'lib/server/db/migrations';

function serverUrl(): URL {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  return new URL(url);
}

async function onServer<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl().toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database on the DATABASE_URL server, so test files never see each other's rows.
 * `drop()` removes it (terminating connections a test forgot to close).
 */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `argus_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onServer((c) => c.query(`CREATE DATABASE "${name}"`));
  const url = serverUrl();
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

/** A drizzle client configured like the app's (snake_case casing), and its pool. */
export function openDb(url: string): { db: Db; pool: Pool } {
  const pool = new Pool({ connectionString: url, max: 4 });
  // An idle connection ended by the server (the test's database dropped with FORCE while a
  // late client still sat in the pool) is the end of the test, not a failure; anything else is.
  pool.on('error', (err: Error & { code?: string }) => {
    if (err.code !== '57P01') throw err;
  });
  return { db: drizzle(pool, { schema, casing: 'snake_case' }), pool };
}

export async function migrateDb(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}
