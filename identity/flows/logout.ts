import type { Ctx } from '../context';
import { errors } from '../http/errors';
import { q, str, type Req } from '../http/request';
import type { Res } from '../http/response';
import { clearSessionCookie, currentSession, rotateCsrf } from '../session/http';
import { findSessionByToken, revokeSession } from '../session/store';
import { checkReturnTo, returnToParam } from './http';

/** GET /self-service/logout/browser → {logout_url, logout_token} */
export async function createLogout(ctx: Ctx, req: Req, res: Res): Promise<void> {
  const returnTo = returnToParam(ctx, req);
  const auth = await currentSession(ctx, req, 'cookie');
  if (!auth) throw errors.sessionInactive();
  const token = auth.session.logout_token;
  const url = `${ctx.cfg.baseUrl}self-service/logout?token=${token}${returnTo ? `&return_to=${encodeURIComponent(returnTo)}` : ''}`;
  res.json(200, { logout_url: url, logout_token: token });
}

/** GET /self-service/logout?token=&return_to= */
export async function completeLogout(ctx: Ctx, req: Req, res: Res): Promise<void> {
  const token = q(req, 'token');
  if (!token) throw errors.badRequest('Please include a token in the URL query.');
  const returnTo = checkReturnTo(ctx, q(req, 'return_to'));
  const auth = await currentSession(ctx, req, 'cookie');
  if (!auth || auth.session.logout_token !== token) {
    throw errors.forbidden('Unable to log out because the logout token in the URL query does not match the session cookie.');
  }
  await revokeSession(ctx.db, auth.session.id);
  clearSessionCookie(ctx, res);
  rotateCsrf(ctx, res);
  if (req.json) return res.empty(204);
  res.redirect(303, returnTo ?? ctx.cfg.logoutReturnUrl);
}

/** DELETE /self-service/logout/api {session_token} */
export async function apiLogout(ctx: Ctx, req: Req, res: Res): Promise<void> {
  const token = str(req.body, 'session_token');
  if (!token) throw errors.badRequest('The session_token is missing.');
  const session = await findSessionByToken(ctx.db, token);
  if (!session || !session.active) throw errors.forbidden('The provided Ory Session Token could not be found, is invalid, or otherwise malformed.');
  await revokeSession(ctx.db, session.id);
  res.empty(204);
}
