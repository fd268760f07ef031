import type { Ctx } from '../context';
import type { Req } from '../http/request';
import type { Res } from '../http/response';
import { getIdentity, type IdentityRow } from '../identities/store';
import { csrfCookieName, newCsrfToken } from '../security/csrf';
import { seal, unseal } from '../security/secrets';
import { createSession, findSessionByToken, isActive, refreshSession, type AuthMethod, type SessionRow } from './store';

export const SESSION_COOKIE = 'ory_kratos_session';

export interface Authenticated {
  session: SessionRow;
  identity: IdentityRow;
  /** How the caller presented the session. */
  via: 'cookie' | 'token';
}

function tokenFromHeaders(req: Req): string | undefined {
  const x = req.headers['x-session-token'];
  if (typeof x === 'string' && x) return x;
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim();
  return undefined;
}

/** The active session presented by cookie or X-Session-Token / Authorization: Bearer, or null. */
export async function currentSession(ctx: Ctx, req: Req, allow: 'any' | 'cookie' | 'token' = 'any'): Promise<Authenticated | null> {
  let token: string | undefined;
  let via: Authenticated['via'] = 'token';
  if (allow !== 'cookie') token = tokenFromHeaders(req);
  if (!token && allow !== 'token') {
    const payload = unseal<{ t: string }>(ctx.keys, req.cookies[SESSION_COOKIE]);
    token = payload?.t;
    via = 'cookie';
  }
  if (!token) return null;
  const session = await findSessionByToken(ctx.db, token);
  if (!session) return null;
  const identity = await getIdentity(ctx.db, session.identity_id);
  if (!identity || !isActive(session, identity.state)) return null;
  return { session, identity, via };
}

export function setSessionCookie(ctx: Ctx, res: Res, s: SessionRow): void {
  const maxAge = Math.max(0, Math.floor((new Date(s.expires_at).getTime() - Date.now()) / 1000));
  res.cookie(SESSION_COOKIE, seal(ctx.keys, { t: s.token, e: new Date(s.expires_at).toISOString() }), { maxAge, secure: ctx.cfg.secureCookies, domain: ctx.cfg.sessionCookieDomain });
}

export function clearSessionCookie(ctx: Ctx, res: Res): void {
  res.cookie(SESSION_COOKIE, '', { maxAge: -1, secure: ctx.cfg.secureCookies, domain: ctx.cfg.sessionCookieDomain });
}

/** Issues a fresh CSRF cookie and returns its token. */
export function rotateCsrf(ctx: Ctx, res: Res, req?: Req): string {
  const token = newCsrfToken();
  res.cookie(csrfCookieName(ctx.cfg.baseUrl), token, { maxAge: 365 * 86_400, secure: ctx.cfg.secureCookies, domain: ctx.cfg.cookieDomain });
  // Flows created later in this request must carry the new token.
  if (req) req.cookies[csrfCookieName(ctx.cfg.baseUrl)] = token;
  return token;
}

/**
 * Signs the identity in: the caller's session is reused when it belongs to the same identity
 * (re-authentication), else a new one is created. Browser callers get the session cookie and a
 * new CSRF cookie when the identity changed.
 */
export async function signIn(ctx: Ctx, req: Req, res: Res | null, identity: IdentityRow, method: string, provider?: string): Promise<SessionRow> {
  const m: AuthMethod = { method, aal: 'aal1', completed_at: new Date().toISOString(), ...(provider ? { provider } : {}) };
  const existing = res ? await currentSession(ctx, req, 'cookie') : null;
  let session: SessionRow;
  if (existing && existing.identity.id === identity.id) {
    session = await refreshSession(ctx.db, existing.session, m, ctx.cfg.lifespans.session);
  } else {
    const ua = req.headers['user-agent'] ?? '';
    session = await createSession(ctx.db, identity.id, m, { id: crypto.randomUUID(), ip_address: req.ip, user_agent: ua, location: '' }, ctx.cfg.lifespans.session);
    if (res) rotateCsrf(ctx, res, req);
  }
  if (res) setSessionCookie(ctx, res, session);
  return session;
}
