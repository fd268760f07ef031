import { jwtVerify } from 'jose';
import type { Ctx } from '../context';
import { tx } from '../db/pool';
import { completeLogin, createLoginFlow } from '../flows/login';
import { completeRegistration, createRegistrationFlow, fillTraits } from '../flows/registration';
import { completeLink } from '../flows/settings';
import { getFlow, saveFlow, type Flow } from '../flows/store';
import { errors } from '../http/errors';
import { q, type Req } from '../http/request';
import type { Res } from '../http/response';
import { normalizeTraits, validateTraits } from '../identities/schema';
import { DuplicateIdentifierError, findByIdentifier, insertIdentity, setCredential, syncFromTraits, type IdentityRow } from '../identities/store';
import { unseal } from '../security/secrets';
import { addMessage, clearMessages } from '../ui/nodes';
import { text } from '../ui/text';
import { callbackUrl, discover } from './discovery';
import { initCodeMatches } from '../session/token-exchange';
import { CONTINUITY_COOKIE, type OidcContinuity } from './start';

interface Claims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

/** Our claims → traits mapping (what Kratos' Jsonnet mapper does for Microsoft). */
function traitsFrom(claims: Claims): Record<string, unknown> {
  const name: Record<string, string> = {};
  if (claims.given_name) name.first = claims.given_name;
  if (claims.family_name) name.last = claims.family_name;
  return { ...(claims.email ? { email: claims.email } : {}), ...(Object.keys(name).length ? { name } : {}) };
}

async function takeContinuity(ctx: Ctx, req: Req): Promise<OidcContinuity> {
  const state = unseal<{ c: string; f: string; x?: string }>(ctx.keys, q(req, 'state'));
  const cookie = unseal<{ id: string }>(ctx.keys, req.cookies[CONTINUITY_COOKIE]);
  // Browser flows prove the browser by the continuity cookie; native flows by the init code's hash.
  const proven = state && ((cookie && state.c === cookie.id) || (state.x && (await initCodeMatches(ctx.db, state.f, state.x))));
  if (!state || !proven) throw errors.badRequest('The OpenID Connect state parameter or the continuity cookie is missing or invalid. Please retry the flow.');
  const r = await ctx.db.query<{ payload: OidcContinuity }>('DELETE FROM identity.continuity WHERE id = $1 AND expires_at > now() RETURNING payload', [state.c]);
  const payload = r.rows[0]?.payload;
  if (!payload) throw errors.badRequest('The OpenID Connect flow expired or was already used. Please retry the flow.');
  return payload;
}

async function exchange(ctx: Ctx, providerId: string, code: string, c: OidcContinuity): Promise<Claims> {
  const provider = ctx.cfg.oidc.find((p) => p.id === providerId);
  if (!provider) throw errors.notFound(`Unknown OpenID Connect provider "${providerId}".`);
  const { doc, jwks } = await discover(provider);
  const res = await fetch(doc.token_endpoint, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Authorization: `Basic ${Buffer.from(`${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.clientSecret)}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: callbackUrl(ctx.cfg.baseUrl, provider.id), code_verifier: c.verifier }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await res.json().catch(() => ({}))) as { id_token?: string; error?: string; error_description?: string };
  if (!res.ok || !body.id_token) throw errors.badRequest(`The OpenID Connect provider did not return an ID token: ${body.error_description ?? body.error ?? res.status}`);
  const { payload } = await jwtVerify(body.id_token, jwks, { issuer: doc.issuer, audience: provider.clientId });
  if (payload.nonce !== c.nonce) throw errors.badRequest('The ID token nonce does not match.');
  return payload as unknown as Claims;
}

async function registerFromClaims(ctx: Ctx, req: Req, res: Res, flow: Flow, provider: string, claims: Claims): Promise<void> {
  const traits = normalizeTraits(traitsFrom(claims));
  const problems = validateTraits(traits);
  if (problems.length) {
    const reg = await createRegistrationFlow(ctx, req, res, { type: 'browser', returnTo: flow.return_to ?? undefined });
    fillTraits(reg, traits);
    for (const p of problems) addMessage(reg.ui, p.message, p.field);
    await saveFlow(ctx.db, reg);
    return res.redirect(303, `${ctx.cfg.ui.registration}?flow=${reg.id}`);
  }
  let identity: IdentityRow;
  try {
    identity = await tx(ctx.db, async (c) => {
      const row = await insertIdentity(c, { traits });
      await setCredential(c, row.id, 'oidc', { providers: [{ provider, subject: claims.sub }] }, [`${provider}:${claims.sub}`]);
      await syncFromTraits(c, row.id, traits, claims.email_verified && typeof traits.email === 'string' ? [traits.email] : []);
      return row;
    });
  } catch (err) {
    if (!(err instanceof DuplicateIdentifierError)) throw err;
    // The e-mail belongs to an existing account: sign in with it first, then the provider is linked.
    const login = await createLoginFlow(ctx, req, res, { type: 'browser', returnTo: flow.return_to ?? undefined, internal: { linkOidc: { provider, subject: claims.sub } } });
    const label = ctx.cfg.oidc.find((p) => p.id === provider)?.label ?? provider;
    login.ui.messages = [text.loginLink(String(traits.email ?? ''), label, `${ctx.cfg.baseUrl}self-service/login/browser`)];
    await saveFlow(ctx.db, login);
    return res.redirect(303, `${ctx.cfg.ui.login}?flow=${login.id}`);
  }
  await completeRegistration(ctx, req, res, flow, identity, 'oidc', provider);
}

/** GET /self-service/methods/oidc/callback/{provider} (a POST is bounced to GET with 302). */
export async function oidcCallback(ctx: Ctx, req: Req, res: Res, providerId: string): Promise<void> {
  if (req.method === 'POST') {
    const u = new URL(req.url.toString());
    for (const [k, v] of Object.entries(req.body)) if (typeof v === 'string') u.searchParams.set(k, v);
    return res.redirect(302, u.pathname + u.search);
  }
  const c = await takeContinuity(ctx, req);
  const flow = (await getFlow(ctx.db, c.flowKind, c.flowId)) ?? null;
  if (!flow) throw errors.notFound('The flow of this OpenID Connect sign-in no longer exists.');
  const uiUrl = `${ctx.cfg.ui[flow.kind]}?flow=${flow.id}`;
  const providerError = q(req, 'error');
  const code = q(req, 'code');
  if (providerError || !code) {
    clearMessages(flow.ui);
    addMessage(flow.ui, text.generic(q(req, 'error_description') ?? providerError ?? 'The OpenID Connect provider returned no code.'));
    await saveFlow(ctx.db, flow);
    return res.redirect(303, uiUrl);
  }
  const claims = await exchange(ctx, providerId, code, c);
  if (flow.kind === 'settings') return completeLink(ctx, req, res, flow, providerId, claims.sub);
  const found = await findByIdentifier(ctx.db, 'oidc', `${providerId}:${claims.sub}`);
  if (found) {
    if (found.identity.state !== 'active') {
      addMessage(flow.ui, text.identityDisabled());
      await saveFlow(ctx.db, flow);
      return res.redirect(303, uiUrl);
    }
    return completeLogin(ctx, req, res, flow, found.identity, 'oidc', providerId);
  }
  await registerFromClaims(ctx, req, res, flow, providerId, claims);
}
