import type { Ctx } from '../context';
import type { RateLimit } from '../config';
import { KratosError } from '../http/errors';

/**
 * Fixed-window counters kept in PostgreSQL, so every instance of the service shares them.
 * Returns the seconds to wait when the limit is exceeded, else 0.
 */
async function hit(ctx: Ctx, key: string, limit: RateLimit): Promise<number> {
  const r = await ctx.db.query<{ count: number; window_start: Date }>(
    `INSERT INTO identity.rate_limits (key, window_start, count) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN identity.rate_limits.window_start < now() - make_interval(secs => $2) THEN 1 ELSE identity.rate_limits.count + 1 END,
       window_start = CASE WHEN identity.rate_limits.window_start < now() - make_interval(secs => $2) THEN now() ELSE identity.rate_limits.window_start END
     RETURNING count, window_start`,
    [key, limit.windowSeconds],
  );
  const row = r.rows[0];
  if (!row || row.count <= limit.max) return 0;
  return Math.max(1, Math.ceil((new Date(row.window_start).getTime() + limit.windowSeconds * 1000 - Date.now()) / 1000));
}

export function tooManyRequests(retryAfter: number): KratosError {
  return new KratosError(429, 'rate_limit_exceeded', 'Too Many Requests', `Too many attempts. Please wait ${retryAfter} seconds and try again.`, { retry_after_seconds: retryAfter });
}

/**
 * Counts one submit of `action` for the client address and (when known) the identifier;
 * throws 429 when either is over its limit.
 */
export async function rateLimit(ctx: Ctx, action: string, ip: string, identifier?: string): Promise<void> {
  const { address, identifier: perIdentifier } = ctx.cfg.rateLimit;
  let wait = 0;
  if (address) wait = Math.max(wait, await hit(ctx, `${action}:ip:${ip}`, address));
  if (perIdentifier && identifier) wait = Math.max(wait, await hit(ctx, `${action}:id:${identifier.trim().toLowerCase()}`, perIdentifier));
  if (wait > 0) throw tooManyRequests(wait);
}
