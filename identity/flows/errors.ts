import { randomUUID } from 'node:crypto';
import type { Ctx } from '../context';
import { KratosError } from '../http/errors';
import { q, type Req } from '../http/request';
import type { Res } from '../http/response';

/** Go's zero time, which Kratos serialises for the stub error's timestamps. */
const ZERO_TIME = '0001-01-01T00:00:00Z';

/** Kratos's answer for an unknown error id (sqlcon's ErrNoRows: no reason, no id). */
const notFound = () => new KratosError(404, undefined, 'Unable to locate the resource');

/**
 * GET /self-service/errors?id= (or ?error=, which Kratos reads first) → {id, error, created_at,
 * updated_at}. Like Kratos, the id `stub:500` answers a sample error, under a fresh UUID, so error
 * screens can be built and tested.
 */
export async function getFlowError(ctx: Ctx, req: Req, res: Res): Promise<void> {
  const id = q(req, 'error') || q(req, 'id');
  if (id === 'stub:500') {
    const error = { code: 500, status: 'Internal Server Error', reason: 'This is a stub error.', message: 'An internal server error occurred, please contact the system administrator' };
    return res.json(200, { id: randomUUID(), error, created_at: ZERO_TIME, updated_at: ZERO_TIME });
  }
  if (!id || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw notFound();
  const r = await ctx.db.query<{ id: string; error: unknown; created_at: Date; updated_at: Date }>('SELECT * FROM identity.errors WHERE id = $1', [id]);
  const row = r.rows[0];
  if (!row) throw notFound();
  res.json(200, { id: row.id, error: row.error, created_at: new Date(row.created_at).toISOString(), updated_at: new Date(row.updated_at).toISOString() });
}
