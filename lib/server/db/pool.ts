import { Pool, type PoolConfig } from 'pg';

/**
 * A pg pool that survives a database restart: idle clients that die emit 'error' on the
 * pool, which would crash the process if unhandled; new checkouts reconnect by themselves.
 * Free of `server-only` so scripts (migrate, seed, worker) share it.
 */
export function createPool(connectionString: string, options: PoolConfig = {}): Pool {
  const pool = new Pool({
    connectionString,
    max: 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    ...options,
  });
  pool.on('error', (err) => {
    console.error(`[db] idle client error: ${err.message}`);
  });
  return pool;
}

const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004']);

/** True when an error means the database is unreachable rather than the query being wrong. */
export function isConnectionError(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_ERRORS.has(code)) return true;
    // The Unix socket of a server that is down is gone (a missing file elsewhere is not this).
    if (code === 'ENOENT' && (e as { syscall?: unknown }).syscall === 'connect') return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && /Connection terminated|is not queryable|timeout exceeded when trying to connect|the database system is (starting up|shutting down|in recovery mode)/i.test(message)) return true;
  }
  return false;
}
