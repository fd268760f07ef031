import 'server-only';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Pool } from 'pg';
import { env } from '../env';
import { createPool } from './pool';
import { prepareStatements } from './statement-cache';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;

// Kept on globalThis so dev-mode module reloads reuse one pool instead of leaking connections.
const holder = globalThis as unknown as { __argusPool?: Pool; __argusDb?: Db };

/** The database's address, or a clear refusal when it is missing. */
export function databaseUrl(): string {
  const { DATABASE_URL } = env();
  if (!DATABASE_URL) throw new Error('DATABASE_URL is not set; start Argus with `npm start`, which provides the embedded database.');
  return DATABASE_URL;
}

export function pool(): Pool {
  if (!holder.__argusPool) {
    const { DATABASE_POOL_MAX, DATABASE_PREPARED_STATEMENTS } = env();
    const created = createPool(databaseUrl(), { max: DATABASE_POOL_MAX });
    holder.__argusPool = DATABASE_PREPARED_STATEMENTS ? prepareStatements(created) : created;
  }
  return holder.__argusPool;
}

export function db(): Db {
  holder.__argusDb ??= drizzle(pool(), { schema, casing: 'snake_case' });
  return holder.__argusDb;
}
