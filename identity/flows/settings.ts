import type { Ctx } from '../context';
import { tx } from '../db/pool';
import { errors, KratosError } from '../http/errors';
import { str, type Req } from '../http/request';
import type { Res } from '../http/response';
import { identifierPaths, normalizeTraits, recoveryPaths, traitNodes, validateTraits, valuesAt, verificationPaths } from '../identities/schema';
import { DuplicateIdentifierError, getCredentials, getIdentity, setCredential, syncFromTraits, updateIdentityRow, type IdentityRow } from '../identities/store';
import { startOidc } from '../oidc/start';
import { hashPassword, verifyPassword } from '../password/hash';
import { checkPassword } from '../password/policy';
import { seal, unseal } from '../security/secrets';
import { currentSession, setSessionCookie, type Authenticated } from '../session/http';
import { setValue } from '../ui/nodes';
import { text, type UiText } from '../ui/text';
import { checkCsrf, flowIdParam, respondFlow, returnToParam, sendError, startFlow } from './http';
import { flowJson } from './output';
import { linkedProviders, settingsUi } from './settings-ui';
import { getFlow, isExpired, saveFlow, type Flow } from './store';
import { failFlow, notFound, requiredField, startSubmit } from './submit';
import { startVerificationFor } from './verification';

export async function createSettingsFlow(
  ctx: Ctx,
  req: Req,
  res: Res,
  opts: { type: 'browser' | 'api'; identity: IdentityRow; sessionId: string; returnTo?: string; messages?: UiText[] },
): Promise<Flow> {
  const ui = await settingsUi(ctx, opts.identity);
  if (opts.messages?.length) ui.messages = opts.messages;
  return startFlow(ctx, req, res, {
    kind: 'settings',
    type: opts.type,
    state: 'show_form',
    returnTo: opts.returnTo,
    identityId: opts.identity.id,
    sessionId: opts.sessionId,
    ui,
  });
}

/** Without a session: HTML init → 303 login (keeping return_to), HTML fetch/submit → 302 login UI, JSON → 401. */
async function requireSession(ctx: Ctx, req: Req, res: Res, type: 'browser' | 'api', init: boolean): Promise<Authenticated | null> {
  const s = await currentSession(ctx, req, type === 'browser' ? 'cookie' : 'token');
  if (s) return s;
  if (type === 'api' || req.json) throw errors.sessionInactive();
  if (init) {
    const rt = req.query.get('return_to');
    res.redirect(303, `${ctx.cfg.baseUrl}self-service/login/browser${rt ? `?return_to=${encodeURIComponent(rt)}` : ''}`);
  } else res.redirect(302, ctx.cfg.ui.login);
  return null;
}

/** GET /self-service/settings/{browser,api} */
export async function initSettings(ctx: Ctx, req: Req, res: Res, type: 'browser' | 'api'): Promise<void> {
  const returnTo = returnToParam(ctx, req);
  const auth = await requireSession(ctx, req, res, type, true);
  if (!auth) return;
  await respondFlow(ctx, req, res, await createSettingsFlow(ctx, req, res, { type, identity: auth.identity, sessionId: auth.session.id, returnTo }));
}

/** GET /self-service/settings/flows?id= (needs the owner's session; no CSRF check). */
export async function fetchSettings(ctx: Ctx, req: Req, res: Res): Promise<void> {
  const flow = await getFlow(ctx.db, 'settings', flowIdParam(req, 'id'));
  if (!flow) return notFound();
  const auth = await requireSession(ctx, req, res, flow.type, false);
  if (!auth) return;
  if (auth.identity.id !== flow.identity_id) throw errors.identityMismatch();
  if (isExpired(flow)) throw expiredFetch(ctx, flow);
  res.json(200, await flowJson(ctx, flow));
}

function expiredFetch(ctx: Ctx, flow: Flow): KratosError {
  return new KratosError(410, undefined, 'The requested resource is no longer available', 'The settings flow has expired. Redirect the user to the settings flow init endpoint to initialize a new settings flow.', {
    redirect_to: `${ctx.cfg.baseUrl}self-service/settings/browser`,
    ...(flow.return_to ? { return_to: flow.return_to } : {}),
  });
}

const privileged = (ctx: Ctx, auth: Authenticated) => new Date(auth.session.authenticated_at).getTime() + ctx.cfg.lifespans.privileged * 1000 > Date.now();

function refreshUrl(ctx: Ctx, flow: Flow): string {
  const back = `${ctx.cfg.baseUrl}self-service/settings?flow=${flow.id}`;
  return `${ctx.cfg.baseUrl}self-service/login/browser?refresh=true&return_to=${encodeURIComponent(back)}`;
}

/** Stale session: JSON 403 session_refresh_required; HTML parks the change on the flow and 303s to re-auth. */
async function needRefresh(ctx: Ctx, req: Req, res: Res, flow: Flow): Promise<void> {
  const url = refreshUrl(ctx, flow);
  if (flow.type === 'api' || req.json) throw errors.refreshRequired(url);
  flow.internal.continueWith = undefined;
  // The parked change may hold a new password: keep it sealed, never in plain text.
  (flow.internal as Record<string, unknown>).pending = seal(ctx.keys, req.body);
  await saveFlow(ctx.db, flow);
  res.redirect(303, url);
}

async function succeed(ctx: Ctx, req: Req, res: Res, flow: Flow, auth: Authenticated, method: string, extra: Record<string, unknown>[] = []): Promise<void> {
  const identity = (await getIdentity(ctx.db, auth.identity.id)) ?? auth.identity;
  const ui = await settingsUi(ctx, identity);
  ui.action = flow.ui.action;
  ui.messages = [text.settingsSaved()];
  flow.ui = ui;
  flow.state = 'success';
  flow.active = method;
  const target = flow.return_to ?? ctx.cfg.afterReturnUrl.settings ?? `${ctx.cfg.ui.settings}?flow=${flow.id}`;
  flow.internal.continueWith = flow.type === 'api' ? extra : [...extra, { action: 'redirect_browser_to', redirect_browser_to: target }];
  delete (flow.internal as Record<string, unknown>).pending;
  await saveFlow(ctx.db, flow);
  if (flow.type === 'browser') setSessionCookie(ctx, res, auth.session);
  if (flow.type === 'browser' && !req.json) return res.redirect(303, target);
  await respondFlow(ctx, req, res, flow, 200);
}

async function updateProfile(ctx: Ctx, req: Req, res: Res, flow: Flow, auth: Authenticated, body: Record<string, unknown>): Promise<void> {
  const raw = body.traits;
  if (raw === undefined || raw === null || (typeof raw === 'object' && Object.keys(raw).length === 0)) {
    return failFlow(ctx, req, res, flow, [{ message: text.generic('Did not receive any value changes.') }]);
  }
  for (const n of traitNodes('profile', raw)) setValue(flow.ui, n.attributes.name as string, n.attributes.value);
  const errs = validateTraits(raw);
  if (errs.length) return failFlow(ctx, req, res, flow, errs.map((e) => ({ field: e.field, message: e.message })));
  const traits = normalizeTraits(raw);
  const paths = [...identifierPaths, ...verificationPaths, ...recoveryPaths];
  const before = valuesAt(auth.identity.traits, paths).sort().join('\n');
  const changed = valuesAt(traits, paths).sort().join('\n') !== before;
  if (changed && !privileged(ctx, auth)) return needRefresh(ctx, req, res, flow);
  const verifiedBefore = (await ctx.db.query<{ value: string }>("SELECT value FROM identity.addresses WHERE identity_id = $1 AND kind = 'verifiable' AND verified", [auth.identity.id])).rows.map((r) => r.value);
  try {
    await tx(ctx.db, async (c) => {
      await updateIdentityRow(c, auth.identity.id, { traits });
      await syncFromTraits(c, auth.identity.id, traits, verifiedBefore);
    });
  } catch (err) {
    if (err instanceof DuplicateIdentifierError) return failFlow(ctx, req, res, flow, [{ message: text.duplicate() }]);
    throw err;
  }
  const extra: Record<string, unknown>[] = [];
  const fresh = valuesAt(traits, verificationPaths).filter((v) => !verifiedBefore.includes(v) && !before.split('\n').includes(v));
  if (fresh[0]) {
    const vf = await startVerificationFor(ctx, req, res, flow.type, fresh[0], flow.return_to ?? undefined);
    extra.push({ action: 'show_verification_ui', flow: { id: vf.id, verifiable_address: fresh[0], ...(flow.type === 'browser' ? { url: `${ctx.cfg.ui.verification}?flow=${vf.id}` } : {}) } });
  }
  await succeed(ctx, req, res, flow, auth, 'profile', extra);
}

async function updatePassword(ctx: Ctx, req: Req, res: Res, flow: Flow, auth: Authenticated, body: Record<string, unknown>): Promise<void> {
  const missing = requiredField(body, 'password', text.required, () => text.minLength(1, 0));
  if (missing) return failFlow(ctx, req, res, flow, [missing]);
  if (!privileged(ctx, auth)) return needRefresh(ctx, req, res, flow);
  const password = str(body, 'password') ?? '';
  const identifiers = valuesAt(auth.identity.traits, identifierPaths);
  const policy = await checkPassword(ctx.cfg, identifiers, password);
  if (policy) return failFlow(ctx, req, res, flow, [{ field: 'password', message: policy }]);
  const old = (await getCredentials(ctx.db, auth.identity.id)).find((c) => c.type === 'password');
  const oldHash = old?.config.hashed_password;
  if (typeof oldHash === 'string' && (await verifyPassword(oldHash, password))) {
    return failFlow(ctx, req, res, flow, [{ field: 'password', message: text.passwordSameAsOld() }]);
  }
  await setCredential(ctx.db, auth.identity.id, 'password', { hashed_password: await hashPassword(ctx.cfg, password) }, identifiers);
  await succeed(ctx, req, res, flow, auth, 'password');
}

async function updateOidc(ctx: Ctx, req: Req, res: Res, flow: Flow, auth: Authenticated, body: Record<string, unknown>): Promise<void> {
  const link = str(body, 'link');
  const unlink = str(body, 'unlink');
  if ((link && unlink) || (!link && !unlink)) return failFlow(ctx, req, res, flow, [{ message: text.generic('Either link or unlink must be set, but not both.') }]);
  if (!privileged(ctx, auth)) return needRefresh(ctx, req, res, flow);
  const { providers, firstFactors } = await linkedProviders(ctx, auth.identity.id);
  if (link) {
    if (!ctx.cfg.oidc.some((p) => p.id === link) || providers.some((p) => p.provider === link)) {
      return failFlow(ctx, req, res, flow, [{ message: text.generic('Can not link unknown or already existing OpenID Connect connection.') }]);
    }
    return startOidc(ctx, req, res, flow, link);
  }
  if (!providers.some((p) => p.provider === unlink)) return failFlow(ctx, req, res, flow, [{ message: text.generic('Can not unlink non-existing OpenID Connect connection.') }]);
  if (firstFactors < 2) return failFlow(ctx, req, res, flow, [{ message: text.generic('Can not unlink OpenID Connect connection because it is the last remaining first factor credential.') }]);
  const rest = providers.filter((p) => p.provider !== unlink);
  if (rest.length) await setCredential(ctx.db, auth.identity.id, 'oidc', { providers: rest }, rest.map((p) => `${p.provider}:${p.subject}`));
  else await ctx.db.query("DELETE FROM identity.credentials WHERE identity_id = $1 AND type = 'oidc'", [auth.identity.id]);
  await succeed(ctx, req, res, flow, auth, 'oidc');
}

/** Finishes an OIDC link started from settings (called by the OIDC callback). */
export async function completeLink(ctx: Ctx, req: Req, res: Res, flow: Flow, provider: string, subject: string): Promise<void> {
  const auth = await currentSession(ctx, req, 'cookie');
  if (!auth || auth.identity.id !== flow.identity_id) throw errors.identityMismatch();
  const { providers } = await linkedProviders(ctx, auth.identity.id);
  const next = [...providers.filter((p) => p.provider !== provider), { provider, subject }];
  try {
    await setCredential(ctx.db, auth.identity.id, 'oidc', { providers: next }, next.map((p) => `${p.provider}:${p.subject}`));
  } catch (err) {
    if (err instanceof DuplicateIdentifierError) return failFlow(ctx, req, res, flow, [{ message: text.duplicateOnLink() }]);
    throw err;
  }
  await succeed(ctx, req, res, flow, auth, 'oidc');
}

async function dispatch(ctx: Ctx, req: Req, res: Res, flow: Flow, auth: Authenticated, body: Record<string, unknown>): Promise<void> {
  const method = str(body, 'method') ?? (str(body, 'link') || str(body, 'unlink') ? 'oidc' : undefined);
  startSubmit(flow);
  if (method === 'profile') return updateProfile(ctx, req, res, flow, auth, body);
  if (method === 'password') return updatePassword(ctx, req, res, flow, auth, body);
  if (method === 'oidc') return updateOidc(ctx, req, res, flow, auth, body);
  return failFlow(ctx, req, res, flow, [{ message: text.settingsNoStrategy() }]);
}

/** POST /self-service/settings?flow= ; GET resumes a change parked for re-authentication. */
export async function submitSettings(ctx: Ctx, req: Req, res: Res): Promise<void> {
  const flow = await getFlow(ctx.db, 'settings', flowIdParam(req));
  if (!flow) return notFound();
  const api = flow.type === 'api';
  try {
    const auth = await requireSession(ctx, req, res, flow.type, false);
    if (!auth) return;
    if (auth.identity.id !== flow.identity_id) throw errors.identityMismatch();
    if (isExpired(flow)) {
      const fresh = await createSettingsFlow(ctx, req, res, { type: flow.type, identity: auth.identity, sessionId: auth.session.id, returnTo: flow.return_to ?? undefined, messages: [text.settingsExpired(new Date(flow.expires_at))] });
      if (api || req.json) throw errors.flowExpired(fresh.id, new Date(flow.expires_at));
      return res.redirect(303, `${ctx.cfg.ui.settings}?flow=${fresh.id}`);
    }
    if (req.method === 'GET') {
      const pending = unseal<Record<string, unknown>>(ctx.keys, (flow.internal as Record<string, unknown>).pending as string | undefined);
      if (pending && privileged(ctx, auth)) return await dispatch(ctx, req, res, flow, auth, pending);
      return await respondFlow(ctx, req, res, flow);
    }
    const isOidc = str(req.body, 'method') === 'oidc' || !!str(req.body, 'link') || !!str(req.body, 'unlink');
    if (!isOidc) checkCsrf(ctx, req, flow);
    await dispatch(ctx, req, res, flow, auth, req.body);
  } catch (err) {
    await sendError(ctx, req, res, err, api);
  }
}
