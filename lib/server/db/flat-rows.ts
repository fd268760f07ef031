import 'server-only';
import { Column, is, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { Pool, types } from 'pg';

/**
 * Rows of a select whose selection is flat (every key a column or an SQL expression, in the order
 * the statement selects them), decoded the way drizzle decodes them, in one tight loop. drizzle's
 * own mapping walks each cell's path and entity checks generically: for the mission list's 51 rows
 * of 57 fields that was about 0.9 ms of a 6–8 ms request; this loop does the same decoding in about
 * half (docs/performance.md). The statement is SQL, not a drizzle query: building the list's select
 * of 60 fields took drizzle another 0.5 ms per request, so the list writes its fixed part once
 * (list-missions.ts). Runs on the app's pool, or on a transaction's own connection.
 */
export async function flatRows<R>(db: unknown, selection: Record<string, unknown>, query: SQL): Promise<R[]> {
  const { sql, params } = dialect.sqlToQuery(query);
  const { rows } = await clientOf(db).query<unknown[]>({ text: sql, values: params, rowMode: 'array', types: DRIZZLE_TYPES });
  const keys = Object.keys(selection);
  const decoders = keys.map((k) => decoderOf(selection[k]));
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const value = row[i];
      out[keys[i]!] = value === null ? null : decoders[i]!(value);
    }
    return out as R;
  });
}

/** The app's database handles render SQL this way (lib/server/db/client.ts: snake_case). */
export const dialect = new PgDialect({ casing: 'snake_case' });

type Queryable = Pick<Pool, 'query'>;

/** node-postgres under a drizzle handle: the pool of `db()`, or the connection a transaction holds. */
function clientOf(db: unknown): Queryable {
  const handle = db as { $client?: unknown; session?: { client?: unknown } };
  const client = handle.$client instanceof Pool ? handle.$client : handle.session?.client;
  if (!client || typeof (client as Queryable).query !== 'function') throw new Error('flatRows: not a node-postgres handle');
  return client as Queryable;
}

type Decode = (value: unknown) => unknown;
type Decoding = { decoder: { mapFromDriverValue(value: unknown): unknown } };

function decoderOf(field: unknown): Decode {
  if (is(field, Column)) return (value) => field.mapFromDriverValue(value);
  // An SQL expression's decoder (its mapWith) is internal in drizzle's types, not at run time.
  const expression = is(field, SQL) ? field : is(field, SQL.Aliased) ? field.sql : null;
  if (!expression) throw new Error('flatRows: a selection of columns and SQL expressions only');
  const { decoder } = expression as unknown as Decoding;
  return (value) => decoder.mapFromDriverValue(value);
}

/**
 * The type parsers drizzle's node-postgres driver runs its selects with: dates, times and
 * intervals (and arrays of them) stay text, which the columns' own decoders read.
 */
const AS_TEXT = new Set<number>([types.builtins.TIMESTAMPTZ, types.builtins.TIMESTAMP, types.builtins.DATE, types.builtins.INTERVAL, 1231, 1115, 1185, 1187, 1182]);
const DRIZZLE_TYPES = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') => (AS_TEXT.has(oid) ? (value: string) => value : types.getTypeParser(oid, format)),
} as unknown as typeof types;
