import type { Ctx } from '../context';
import { errors } from '../http/errors';
import { paging, setLinkHeader } from '../http/paging';
import type { Req } from '../http/request';
import type { Res } from '../http/response';
import { getIdentity } from '../identities/store';
import { sessionJson } from '../session/output';
import { findSession, revokeAllSessions, revokeSession, type SessionRow } from '../session/store';

/** GET /admin/identities/{id}/sessions?active= */
export async function listIdentitySessions(ctx: Ctx, req: Req, res: Res, id: string): Promise<void> {
  const identity = await getIdentity(ctx.db, id);
  if (!identity) throw errors.notFound('Unable to locate the resource');
  const { limit, offset } = paging(req);
  const active = req.query.get('active');
  const filter = active === 'true' ? 'AND active AND expires_at > now()' : active === 'false' ? 'AND NOT (active AND expires_at > now())' : '';
  const r = await ctx.db.query<SessionRow>(`SELECT * FROM identity.sessions WHERE identity_id = $1 ${filter} ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`, [id, limit + 1, offset]);
  setLinkHeader(req, res, limit, offset, r.rows.length > limit);
  res.json(200, await Promise.all(r.rows.slice(0, limit).map((s) => sessionJson(ctx.db, ctx.cfg.baseUrl, s, identity, true))));
}

/** DELETE /admin/identities/{id}/sessions */
export async function deleteIdentitySessions(ctx: Ctx, _req: Req, res: Res, id: string): Promise<void> {
  if (!(await getIdentity(ctx.db, id))) throw errors.notFound('Unable to locate the resource');
  await revokeAllSessions(ctx.db, id);
  res.empty(204);
}

/** GET /admin/sessions/{id} */
export async function getSessionAdmin(ctx: Ctx, _req: Req, res: Res, id: string): Promise<void> {
  const s = await findSession(ctx.db, id);
  const identity = s ? await getIdentity(ctx.db, s.identity_id) : null;
  if (!s || !identity) throw errors.notFound('Unable to locate the resource');
  res.json(200, await sessionJson(ctx.db, ctx.cfg.baseUrl, s, identity, true));
}

/** DELETE /admin/sessions/{id} */
export async function disableSession(ctx: Ctx, _req: Req, res: Res, id: string): Promise<void> {
  const s = await findSession(ctx.db, id);
  if (!s) throw errors.notFound('Unable to locate the resource');
  await revokeSession(ctx.db, id);
  res.empty(204);
}
