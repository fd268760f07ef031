import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';

/**
 * Server-side prepared statements for the app's queries (docs/performance.md, issue 20 "Measure").
 * PostgreSQL parses and plans every unnamed statement afresh; for the mission list at 100 000 rows
 * planning took as long as running it (≈ 1 ms each). A parameterized statement sent with a name is
 * parsed once per connection and, after a few runs, executed with a cached plan (PostgreSQL's
 * plan_cache_mode `auto` keeps custom plans where they are clearly better).
 *
 * The name is a hash of the SQL text, so one name is always one text (node-postgres refuses a
 * name reused for another text). Each connection prepares at most MAX_PER_CONNECTION statements,
 * the rest run unnamed as before, so filter combinations cannot make a connection grow without
 * bound. Queries without parameters (BEGIN, COMMIT, …) and streaming ones (cursors) stay unnamed.
 * The schema must not change under a running app (migrations run before it starts), or PostgreSQL
 * would answer "cached plan must not change result type".
 */
export const MAX_PER_CONNECTION = 256;

const NAMES_KEPT = 4096;
const names = new Map<string, string>();

/** The statement name of a SQL text (hashed once; the map is emptied when it gets large). */
export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= NAMES_KEPT) names.clear();
    name = `argus_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };

/** The config to send: named when it is a plain parameterized query this connection may still prepare. */
export function withStatementName(config: unknown, values: unknown, prepared: Set<string>): unknown {
  if (!config || typeof config !== 'object') return config;
  const c = config as QueryConfig;
  if (typeof c.text !== 'string' || c.name || typeof c.submit === 'function') return config;
  const params = Array.isArray(values) ? values : c.values;
  if (!Array.isArray(params) || params.length === 0) return config;
  const name = statementName(c.text);
  if (!prepared.has(name)) {
    if (prepared.size >= MAX_PER_CONNECTION) return config;
    prepared.add(name);
  }
  return { ...c, name };
}

/** Makes every connection of `pool` send parameterized queries as named (prepared) statements. */
export function prepareStatements(pool: Pool): Pool {
  pool.on('connect', (client: PoolClient) => {
    const prepared = new Set<string>();
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: unknown, ...rest: unknown[]) => query(withStatementName(config, rest[0], prepared), ...rest)) as PoolClient['query'];
  });
  return pool;
}
