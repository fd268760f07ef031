import type { Ctx } from '../context';
import { errors, KratosError } from '../http/errors';
import type { Req } from '../http/request';
import type { Res } from '../http/response';
import { getIdentity } from '../identities/store';
import { unseal } from '../security/secrets';
import { currentSession, SESSION_COOKIE, setSessionCookie } from './http';
import { sessionJson } from './output';
import { parsePage, setPageHeaders } from './paging';
import { revokeOtherSessions, revokeSessionOf, type SessionRow } from './store';

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

/** Kratos's 401 for the /sessions collection calls: no error id, unlike settings and logout. */
const noValidSession = () => new KratosError(401, undefined, 'The request could not be authorized', 'No valid session cookie found.');

async function requireAuth(ctx: Ctx, req: Req) {
  const auth = await currentSession(ctx, req);
  if (!auth) throw noValidSession();
  return auth;
}

/** GET /sessions: the caller's other active sessions, newest first, with X-Total-Count and Link. */
export async function listMySessions(ctx: Ctx, req: Req, res: Res): Promise<void> {
  const auth = await requireAuth(ctx, req);
  const page = parsePage(req);
  const where = 'identity_id = $1 AND id <> $2 AND active AND expires_at >= now()';
  const total = await ctx.db.query<{ n: string }>(`SELECT count(*) AS n FROM identity.sessions WHERE ${where}`, [auth.identity.id, auth.session.id]);
  const r = await ctx.db.query<SessionRow>(`SELECT * FROM identity.sessions WHERE ${where} ORDER BY created_at DESC, id LIMIT $3 OFFSET $4`, [
    auth.identity.id,
    auth.session.id,
    page.perPage,
    page.page * page.perPage,
  ]);
  setPageHeaders(req, res, Number(total.rows[0]?.n ?? 0), page);
  const identity = (await getIdentity(ctx.db, auth.identity.id)) ?? auth.identity;
  res.json(200, await Promise.all(r.rows.map((s) => sessionJson(ctx.db, ctx.cfg.baseUrl, s, identity))));
}

/** DELETE /sessions: revokes all other sessions of the caller; 200 {count} as Kratos answers. */
export async function revokeMyOtherSessions(ctx: Ctx, req: Req, res: Res): Promise<void> {
  const auth = await requireAuth(ctx, req);
  res.json(200, { count: await revokeOtherSessions(ctx.db, auth.identity.id, auth.session.id) });
}

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/**
 * DELETE /sessions/{id}: revokes one of the caller's other sessions (204, also when the id names
 * no session of the caller, as Kratos does). The current session is refused: that is the logout
 * flow's job. `DELETE /sessions/whoami` is whoami, as in Kratos.
 */
export async function revokeMySession(ctx: Ctx, req: Req, res: Res, id: string): Promise<void> {
  if (id === 'whoami') return whoami(ctx, req, res);
  const auth = await requireAuth(ctx, req);
  if (!UUID.test(id)) throw new KratosError(400, undefined, `uuid: incorrect UUID format in string "${id}"`);
  if (id.replace(/-/g, '').toLowerCase() === auth.session.id.replace(/-/g, '')) throw new KratosError(400, undefined, 'cannot revoke current session');
  await revokeSessionOf(ctx.db, auth.identity.id, id);
  res.empty(204);
}
