import type { Ctx } from '../context';
import { errors } from '../http/errors';
import { q, str, type Req } from '../http/request';
import type { Res } from '../http/response';
import { identifierLabel, normalizeAddress } from '../identities/schema';
import { findByIdentifier, getCredentials, setCredential, type IdentityRow } from '../identities/store';
import { oidcButtons } from '../oidc/nodes';
import { startOidc } from '../oidc/start';
import { fakeVerify, hashPassword, verifyPassword } from '../password/hash';
import { rateLimit } from '../security/ratelimit';
import { currentSession, signIn, type Authenticated } from '../session/http';
import { sessionJson } from '../session/output';
import { redirectApiCodeFlow, wantsExchangeCode } from '../session/token-exchange';
import { csrfNode, input, setValue, type Ui } from '../ui/nodes';
import { text } from '../ui/text';
import { checkCsrf, flowIdParam, respondFlow, respondWithExchangeCode, returnToParam, sendError, startFlow } from './http';
import { getFlow, isExpired, saveFlow, type Flow, type FlowInternal } from './store';
import { failFlow, notFound, requiredField, startSubmit, successUrl } from './submit';

async function loginUi(ctx: Ctx, refreshOf: IdentityRow | null): Promise<Ui> {
  const action = `${ctx.cfg.baseUrl}self-service/login?flow={id}`;
  if (refreshOf) {
    const creds = await getCredentials(ctx.db, refreshOf.id);
    const pw = creds.find((c) => c.type === 'password');
    const linked = ((creds.find((c) => c.type === 'oidc')?.config.providers as { provider: string }[] | undefined) ?? []).map((p) => p.provider);
    const nodes = [...oidcButtons(ctx, 'login').filter((n) => linked.includes(n.attributes.value as string)), csrfNode()];
    if (pw) {
      nodes.push(
        input('default', 'identifier', 'hidden', { value: pw.identifiers[0] ?? '', required: true }),
        input('password', 'password', 'password', { required: true, autocomplete: 'current-password', label: text.labelPassword() }),
        input('password', 'method', 'submit', { value: 'password', label: text.login() }),
      );
    }
    return { action, method: 'POST', nodes, messages: [text.loginReAuth()] };
  }
  return {
    action,
    method: 'POST',
    nodes: [
      ...oidcButtons(ctx, 'login'),
      csrfNode(),
      input('default', 'identifier', 'text', { value: '', required: true, label: identifierLabel() }),
      input('password', 'password', 'password', { required: true, autocomplete: 'current-password', label: text.labelPassword() }),
      input('password', 'method', 'submit', { value: 'password', label: text.loginPassword() }),
    ],
  };
}

export async function createLoginFlow(
  ctx: Ctx,
  req: Req,
  res: Res,
  opts: { type: 'browser' | 'api'; returnTo?: string; refreshOf?: IdentityRow | null; internal?: FlowInternal; messages?: ReturnType<typeof text.generic>[] },
): Promise<Flow> {
  const ui = await loginUi(ctx, opts.refreshOf ?? null);
  if (opts.messages?.length) ui.messages = [...(ui.messages ?? []), ...opts.messages];
  return startFlow(ctx, req, res, {
    kind: 'login',
    type: opts.type,
    state: 'choose_method',
    returnTo: opts.returnTo,
    ui,
    internal: { ...opts.internal, refresh: !!opts.refreshOf },
  });
}

/** GET /self-service/login/{browser,api} */
export async function initLogin(ctx: Ctx, req: Req, res: Res, type: 'browser' | 'api'): Promise<void> {
  const returnTo = returnToParam(ctx, req);
  const refresh = q(req, 'refresh') === 'true';
  const session = await currentSession(ctx, req, type === 'browser' ? 'cookie' : 'token');
  if (q(req, 'aal') === 'aal2' && !session) throw errors.aal1Required();
  if (session && !refresh) {
    if (type === 'browser' && !req.json) return res.redirect(303, returnTo ?? ctx.cfg.defaultReturnUrl);
    throw errors.sessionAlready();
  }
  const flow = await createLoginFlow(ctx, req, res, { type, returnTo, refreshOf: refresh && session ? session.identity : null });
  if (type === 'api' && !session && wantsExchangeCode(req)) return respondWithExchangeCode(ctx, res, flow);
  await respondFlow(ctx, req, res, flow);
}

/** Finishes a login: session, optional pending OIDC link, and the Kratos success answer. */
export async function completeLogin(ctx: Ctx, req: Req, res: Res, flow: Flow, identity: IdentityRow, method: string, provider?: string): Promise<void> {
  const link = flow.internal.linkOidc;
  if (link) {
    const creds = await getCredentials(ctx.db, identity.id);
    const existing = (creds.find((c) => c.type === 'oidc')?.config.providers as { provider: string; subject: string }[] | undefined) ?? [];
    const providers = [...existing.filter((p) => p.provider !== link.provider), link];
    await setCredential(ctx.db, identity.id, 'oidc', { providers }, providers.map((p) => `${p.provider}:${p.subject}`));
  }
  const session = await signIn(ctx, req, flow.type === 'browser' ? res : null, identity, method, provider);
  flow.active = method;
  await saveFlow(ctx.db, flow);
  if (method === 'oidc' && (await redirectApiCodeFlow(ctx, res, flow, session.id))) return;
  const s = await sessionJson(ctx.db, ctx.cfg.baseUrl, session, identity);
  const target = successUrl(flow, ctx.cfg.afterReturnUrl.login ?? ctx.cfg.defaultReturnUrl);
  if (flow.type === 'api') return res.json(200, { session: s, session_token: session.token });
  if (req.json) return res.json(200, { session: s, continue_with: [{ action: 'redirect_browser_to', redirect_browser_to: target }] });
  res.redirect(303, target);
}

async function expired(ctx: Ctx, req: Req, res: Res, flow: Flow, current: Authenticated | null): Promise<void> {
  const fresh = await createLoginFlow(ctx, req, res, {
    type: flow.type,
    returnTo: flow.return_to ?? undefined,
    refreshOf: flow.internal.refresh && current ? current.identity : null,
    messages: [text.loginExpired(new Date(flow.expires_at))],
  });
  if (flow.type === 'api' || req.json) throw errors.flowExpired(fresh.id, new Date(flow.expires_at));
  res.redirect(303, `${ctx.cfg.ui.login}?flow=${fresh.id}`);
}

/** POST (or GET) /self-service/login?flow= */
export async function submitLogin(ctx: Ctx, req: Req, res: Res): Promise<void> {
  const flow = await getFlow(ctx.db, 'login', flowIdParam(req));
  if (!flow) return notFound();
  const api = flow.type === 'api';
  try {
    const current = await currentSession(ctx, req, api ? 'token' : 'cookie');
    if (req.method === 'GET') return await respondFlow(ctx, req, res, flow);
    if (isExpired(flow)) return await expired(ctx, req, res, flow, current);
    const method = str(req.body, 'method') ?? (str(req.body, 'provider') ? 'oidc' : undefined);
    if (method !== 'oidc') checkCsrf(ctx, req, flow);
    startSubmit(flow);
    if (current && !flow.internal.refresh) {
      if (!api && !req.json) return res.redirect(303, ctx.cfg.defaultReturnUrl);
      return await failFlow(ctx, req, res, flow, [{ message: text.generic('A valid session was detected and thus login is not possible. Did you forget to set `?refresh=true`?') }]);
    }
    if (method === 'oidc') return await startOidc(ctx, req, res, flow, str(req.body, 'provider'));
    if (method !== 'password') return await failFlow(ctx, req, res, flow, [{ message: text.loginNoStrategy() }]);

    const identifierRaw = str(req.body, 'identifier') ?? str(req.body, 'password_identifier');
    const body = { ...req.body, identifier: identifierRaw };
    setValue(flow.ui, 'identifier', identifierRaw ?? '');
    const missing = [
      requiredField(body, 'identifier', text.required, () => text.minLength(1, 0)),
      requiredField(body, 'password', text.required, () => text.minLength(1, 0)),
    ].filter((m) => m !== null);
    if (missing.length) return await failFlow(ctx, req, res, flow, missing);

    const identifier = normalizeAddress(identifierRaw ?? '');
    const password = str(req.body, 'password') ?? '';
    await rateLimit(ctx, 'login', req.ip, identifier);
    const found = await findByIdentifier(ctx.db, 'password', identifier);
    const hash = found?.credential.config.hashed_password;
    if (!found || typeof hash !== 'string') {
      await fakeVerify(ctx.cfg, password);
      return await failFlow(ctx, req, res, flow, [{ message: text.invalidCredentials() }]);
    }
    if (!(await verifyPassword(hash, password))) return await failFlow(ctx, req, res, flow, [{ message: text.invalidCredentials() }]);
    if (found.identity.state !== 'active') return await failFlow(ctx, req, res, flow, [{ message: text.identityDisabled() }]);
    if (flow.internal.refresh && current && current.identity.id !== found.identity.id) throw errors.identityMismatch();
    if (!hash.startsWith('$argon2id$')) {
      await setCredential(ctx.db, found.identity.id, 'password', { hashed_password: await hashPassword(ctx.cfg, password) }, found.credential.identifiers);
    }
    await completeLogin(ctx, req, res, flow, found.identity, 'password');
  } catch (err) {
    await sendError(ctx, req, res, err, api);
  }
}
