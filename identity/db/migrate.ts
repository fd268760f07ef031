import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './pool';

const here = dirname(fileURLToPath(import.meta.url));
/** Arbitrary constant that names "identity schema migrations" among advisory locks. */
const LOCK_KEY = 0x1d3e7717;

/**
 * Applies identity/db/migrations/*.sql in name order, each once, inside one transaction holding
 * an advisory lock, so two instances starting at the same time do not race.
 */
export async function migrate(db: Db): Promise<string[]> {
  const dir = join(here, 'migrations');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const client = await db.connect();
  const applied: string[] = [];
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await client.query('CREATE SCHEMA IF NOT EXISTS identity');
    await client.query('CREATE TABLE IF NOT EXISTS identity.schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await client.query<{ name: string }>('SELECT name FROM identity.schema_migrations')).rows.map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      await client.query(await readFile(join(dir, file), 'utf8'));
      await client.query('INSERT INTO identity.schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
  return applied;
}
