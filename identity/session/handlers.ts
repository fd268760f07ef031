import type { Ctx } from '../context';
import { errors } from '../http/errors';
import type { Req } from '../http/request';
import type { Res } from '../http/response';
import { getIdentity } from '../identities/store';
import { unseal } from '../security/secrets';
import { currentSession, SESSION_COOKIE, setSessionCookie } from './http';
import { sessionJson } from './output';
import { findSession, revokeOtherSessions, revokeSession, type SessionRow } from './store';
import { paging, setLinkHeader } from '../http/paging';

/** GET /sessions/whoami */
export async function whoami(ctx: Ctx, req: Req, res: Res): Promise<void> {
  const auth = await currentSession(ctx, req);
  if (!auth) throw errors.noSession();
  res.headers['X-Kratos-Authenticated-Identity-Id'] = auth.identity.id;
  // Re-issue the cookie only when the session outlives what the cookie says (Kratos does the same).
  if (auth.via === 'cookie') {
    const stored = unseal<{ e?: string }>(ctx.keys, req.cookies[SESSION_COOKIE])?.e;
    if (!stored || new Date(stored).getTime() < new Date(auth.session.expires_at).getTime()) setSessionCookie(ctx, res, auth.session);
  }
  res.json(200, await sessionJson(ctx.db, ctx.cfg.baseUrl, auth.session, auth.identity));
}

async function requireAuth(ctx: Ctx, req: Req) {
  const auth = await currentSession(ctx, req);
  if (!auth) throw errors.sessionInactive();
  return auth;
}

/** GET /sessions: the caller's other active sessions, paged. */
export async function listMySessions(ctx: Ctx, req: Req, res: Res): Promise<void> {
  const auth = await requireAuth(ctx, req);
  const { limit, offset } = paging(req);
  const r = await ctx.db.query<SessionRow>(
    'SELECT * FROM identity.sessions WHERE identity_id = $1 AND id <> $2 AND active AND expires_at > now() ORDER BY created_at DESC, id LIMIT $3 OFFSET $4',
    [auth.identity.id, auth.session.id, limit + 1, offset],
  );
  const rows = r.rows.slice(0, limit);
  setLinkHeader(req, res, limit, offset, r.rows.length > limit);
  const identity = (await getIdentity(ctx.db, auth.identity.id)) ?? auth.identity;
  res.json(200, await Promise.all(rows.map((s) => sessionJson(ctx.db, ctx.cfg.baseUrl, s, identity))));
}

/** DELETE /sessions: revokes all other sessions. */
export async function revokeMyOtherSessions(ctx: Ctx, req: Req, res: Res): Promise<void> {
  const auth = await requireAuth(ctx, req);
  res.json(200, { count: await revokeOtherSessions(ctx.db, auth.identity.id, auth.session.id) });
}

/** DELETE /sessions/{id}: revokes one of the caller's other sessions. */
export async function revokeMySession(ctx: Ctx, req: Req, res: Res, id: string): Promise<void> {
  const auth = await requireAuth(ctx, req);
  if (id === auth.session.id) throw errors.badRequest('You can not revoke the current session using this endpoint. Use the logout flow instead.');
  const s = await findSession(ctx.db, id);
  if (!s || s.identity_id !== auth.identity.id) throw errors.notFound('Unable to locate the resource');
  await revokeSession(ctx.db, s.id);
  res.empty(204);
}
