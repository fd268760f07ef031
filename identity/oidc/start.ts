import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Ctx } from '../context';
import { errors } from '../http/errors';
import type { Req } from '../http/request';
import type { Res } from '../http/response';
import { seal } from '../security/secrets';
import { saveFlow, type Flow } from '../flows/store';
import { failFlow } from '../flows/submit';
import { text } from '../ui/text';
import { codesForFlow, initCodeHash } from '../session/token-exchange';
import { callbackUrl, discover } from './discovery';

export const CONTINUITY_COOKIE = 'ory_kratos_continuity';

export interface OidcContinuity {
  flowId: string;
  flowKind: Flow['kind'];
  provider: string;
  verifier: string;
  nonce: string;
  traits?: unknown;
}

/**
 * Starts an OIDC login, registration or settings link: parks state in a continuity row referenced
 * by the continuity cookie, then sends the browser to the provider (HTML 303 / JSON 422).
 */
export async function startOidc(ctx: Ctx, req: Req, res: Res, flow: Flow, providerId: string | undefined): Promise<void> {
  const provider = ctx.cfg.oidc.find((p) => p.id === providerId);
  if (!provider) return failFlow(ctx, req, res, flow, [{ message: text.generic(`Unable to find OpenID Connect provider "${providerId ?? ''}".`) }]);
  // A native flow needs Kratos's session token exchange: the system browser returns to the app
  // with a code instead of carrying a continuity cookie the app could not read.
  const codes = flow.type === 'api' ? await codesForFlow(ctx.db, flow.id) : null;
  if (flow.type === 'api' && !codes) {
    throw errors.badRequest('OpenID Connect sign-in through a native (API) flow needs return_session_token_exchange_code=true when the flow is created.');
  }
  const { doc } = await discover(provider);
  const verifier = randomBytes(32).toString('base64url');
  const nonce = randomBytes(16).toString('base64url');
  const id = randomUUID();
  const payload: OidcContinuity = { flowId: flow.id, flowKind: flow.kind, provider: provider.id, verifier, nonce, traits: req.body.traits };
  await ctx.db.query("INSERT INTO identity.continuity (id, name, payload, expires_at) VALUES ($1, 'ory_kratos_oidc_auth_code_session', $2, now() + interval '30 minutes')", [
    id,
    JSON.stringify(payload),
  ]);
  if (!codes) res.cookie(CONTINUITY_COOKIE, seal(ctx.keys, { id }), { maxAge: 1800, secure: ctx.cfg.secureCookies, domain: ctx.cfg.cookieDomain });
  const url = new URL(doc.authorization_endpoint);
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', callbackUrl(ctx.cfg.baseUrl, provider.id));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', provider.scope.join(' '));
  url.searchParams.set('state', seal(ctx.keys, { c: id, f: flow.id, p: provider.id, ...(codes ? { x: initCodeHash(codes.initCode) } : {}) }));
  url.searchParams.set('nonce', nonce);
  url.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
  url.searchParams.set('code_challenge_method', 'S256');
  flow.active = 'oidc';
  await saveFlow(ctx.db, flow);
  if (req.json) throw errors.locationChange(url.toString());
  res.redirect(303, url.toString());
}
