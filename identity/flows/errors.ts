import type { Ctx } from '../context';
import { errors } from '../http/errors';
import { q, type Req } from '../http/request';
import type { Res } from '../http/response';

/** GET /self-service/errors?id= → {id, error, created_at, updated_at}. Like Kratos, the id `stub:500` answers a sample error so error screens can be built and tested. */
export async function getFlowError(ctx: Ctx, req: Req, res: Res): Promise<void> {
  const id = q(req, 'id');
  if (id === 'stub:500') {
    const now = new Date().toISOString();
    return res.json(200, { id, error: { code: 500, status: 'Internal Server Error', reason: 'This is a stub error.', message: 'An internal server error occurred, please contact the system administrator' }, created_at: now, updated_at: now });
  }
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) throw errors.notFound('The requested resource could not be found');
  const r = await ctx.db.query<{ id: string; error: unknown; created_at: Date; updated_at: Date }>('SELECT * FROM identity.errors WHERE id = $1', [id]);
  const row = r.rows[0];
  if (!row) throw errors.notFound('The requested resource could not be found');
  res.json(200, { id: row.id, error: row.error, created_at: new Date(row.created_at).toISOString(), updated_at: new Date(row.updated_at).toISOString() });
}
