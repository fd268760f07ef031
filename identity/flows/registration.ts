import type { Ctx } from '../context';
import { tx } from '../db/pool';
import { errors } from '../http/errors';
import { q, str, type Req } from '../http/request';
import type { Res } from '../http/response';
import { identifierPaths, normalizeTraits, traitNodes, validateTraits, valuesAt } from '../identities/schema';
import { DuplicateIdentifierError, insertIdentity, setCredential, syncFromTraits, type IdentityRow } from '../identities/store';
import { identityJson } from '../identities/output';
import { oidcButtons } from '../oidc/nodes';
import { startOidc } from '../oidc/start';
import { hashPassword } from '../password/hash';
import { checkPassword } from '../password/policy';
import { rateLimit } from '../security/ratelimit';
import { currentSession, signIn } from '../session/http';
import { sessionJson } from '../session/output';
import { redirectApiCodeFlow } from '../session/token-exchange';
import { csrfNode, input, setValue, type Ui } from '../ui/nodes';
import { text, type UiText } from '../ui/text';
import { checkCsrf, flowIdParam, respondFlow, respondWithExchangeCode, returnToParam, sendError, startFlow } from './http';
import { getFlow, isExpired, saveFlow, type Flow } from './store';
import { failFlow, notFound, requiredField, startSubmit, successUrl } from './submit';
import { startVerificationFor } from './verification';

function registrationUi(ctx: Ctx): Ui {
  return {
    action: `${ctx.cfg.baseUrl}self-service/registration?flow={id}`,
    method: 'POST',
    nodes: [
      ...oidcButtons(ctx, 'registration'),
      csrfNode(),
      ...traitNodes('default'),
      input('password', 'password', 'password', { required: true, autocomplete: 'new-password', label: text.labelPassword() }),
      input('password', 'method', 'submit', { value: 'password', label: text.registration() }),
    ],
  };
}

export async function createRegistrationFlow(ctx: Ctx, req: Req, res: Res, opts: { type: 'browser' | 'api'; returnTo?: string; messages?: UiText[] }): Promise<Flow> {
  const ui = registrationUi(ctx);
  if (opts.messages?.length) ui.messages = opts.messages;
  return startFlow(ctx, req, res, {
    kind: 'registration',
    type: opts.type,
    state: 'choose_method',
    returnTo: opts.returnTo,
    ui,
  });
}

/** GET /self-service/registration/{browser,api} */
export async function initRegistration(ctx: Ctx, req: Req, res: Res, type: 'browser' | 'api'): Promise<void> {
  const returnTo = returnToParam(ctx, req);
  if (await currentSession(ctx, req, type === 'browser' ? 'cookie' : 'token')) {
    if (type === 'browser' && !req.json) return res.redirect(303, returnTo ?? ctx.cfg.defaultReturnUrl);
    throw errors.sessionAlready();
  }
  const flow = await createRegistrationFlow(ctx, req, res, { type, returnTo });
  // Kratos reads this flag as the exact string "true" here (login parses it as a bool).
  if (type === 'api' && q(req, 'return_session_token_exchange_code') === 'true') return respondWithExchangeCode(ctx, res, flow);
  await respondFlow(ctx, req, res, flow);
}

/** Writes submitted trait values back into the flow's trait nodes. */
export function fillTraits(flow: Flow, traits: unknown): void {
  for (const n of traitNodes('default', traits)) setValue(flow.ui, n.attributes.name as string, n.attributes.value);
}

/**
 * The registration success answer shared by password and OIDC sign-up: session hook,
 * verification flow (show_verification_ui) and the Kratos response shape.
 */
export async function completeRegistration(ctx: Ctx, req: Req, res: Res, flow: Flow, identity: IdentityRow, method: string, provider?: string): Promise<void> {
  const session = await signIn(ctx, req, flow.type === 'browser' ? res : null, identity, method, provider);
  flow.active = method;
  await saveFlow(ctx.db, flow);
  if (method === 'oidc' && (await redirectApiCodeFlow(ctx, res, flow, session.id))) return;
  const continueWith: Record<string, unknown>[] = [];
  const verified = await ctx.db.query<{ value: string }>("SELECT value FROM identity.addresses WHERE identity_id = $1 AND kind = 'verifiable' AND NOT verified ORDER BY created_at LIMIT 1", [identity.id]);
  const unverified = verified.rows[0]?.value;
  let verificationUrl: string | undefined;
  if (unverified) {
    const vf = await startVerificationFor(ctx, req, res, flow.type, unverified, flow.return_to ?? undefined);
    verificationUrl = `${ctx.cfg.ui.verification}?flow=${vf.id}`;
    continueWith.push({ action: 'show_verification_ui', flow: { id: vf.id, verifiable_address: unverified, ...(flow.type === 'browser' ? { url: verificationUrl } : {}) } });
  }
  const identityOut = await identityJson(ctx.db, ctx.cfg.baseUrl, identity);
  const sessionOut = await sessionJson(ctx.db, ctx.cfg.baseUrl, session, identity);
  const target = successUrl(flow, ctx.cfg.afterReturnUrl.registration ?? ctx.cfg.defaultReturnUrl);
  if (flow.type === 'api') {
    return res.json(200, {
      identity: identityOut,
      session: sessionOut,
      session_token: session.token,
      continue_with: [{ action: 'set_ory_session_token', ory_session_token: session.token }, ...continueWith],
    });
  }
  if (req.json) return res.json(200, { session: sessionOut, identity: identityOut, continue_with: [...continueWith, { action: 'redirect_browser_to', redirect_browser_to: target }] });
  res.redirect(303, verificationUrl ?? target);
}

/** Creates identity + password credential + addresses in one transaction; null on a duplicate. */
async function createPasswordIdentity(ctx: Ctx, traits: Record<string, unknown>, hashed: string): Promise<IdentityRow | null> {
  try {
    return await tx(ctx.db, async (c) => {
      const identity = await insertIdentity(c, { traits });
      await setCredential(c, identity.id, 'password', { hashed_password: hashed }, valuesAt(traits, identifierPaths));
      await syncFromTraits(c, identity.id, traits);
      return identity;
    });
  } catch (err) {
    if (err instanceof DuplicateIdentifierError) return null;
    throw err;
  }
}

/** POST (or GET) /self-service/registration?flow= */
export async function submitRegistration(ctx: Ctx, req: Req, res: Res): Promise<void> {
  const flow = await getFlow(ctx.db, 'registration', flowIdParam(req));
  if (!flow) return notFound();
  const api = flow.type === 'api';
  try {
    if (req.method === 'GET') return await respondFlow(ctx, req, res, flow);
    if (isExpired(flow)) {
      const fresh = await createRegistrationFlow(ctx, req, res, { type: flow.type, returnTo: flow.return_to ?? undefined, messages: [text.registrationExpired(new Date(flow.expires_at))] });
      if (api || req.json) throw errors.flowExpired(fresh.id, new Date(flow.expires_at));
      return res.redirect(303, `${ctx.cfg.ui.registration}?flow=${fresh.id}`);
    }
    const method = str(req.body, 'method') ?? (str(req.body, 'provider') ? 'oidc' : undefined);
    if (method !== 'oidc') checkCsrf(ctx, req, flow);
    if (await currentSession(ctx, req, api ? 'token' : 'cookie')) {
      if (!api && !req.json) return res.redirect(302, ctx.cfg.defaultReturnUrl);
      throw errors.sessionAlready();
    }
    startSubmit(flow);
    const rawTraits = req.body.traits;
    if (method === 'oidc') return await startOidc(ctx, req, res, flow, str(req.body, 'provider'));
    if (method !== 'password') return await failFlow(ctx, req, res, flow, [{ message: text.registrationNoStrategy() }]);

    fillTraits(flow, rawTraits);
    const traitErrors = validateTraits(rawTraits ?? {});
    const pwMissing = requiredField(req.body, 'password', text.required, () => text.minLength(1, 0));
    if (traitErrors.length || pwMissing) {
      return await failFlow(ctx, req, res, flow, [...traitErrors.map((e) => ({ field: e.field, message: e.message })), ...(pwMissing ? [pwMissing] : [])]);
    }
    const traits = normalizeTraits(rawTraits);
    const identifiers = valuesAt(traits, identifierPaths);
    await rateLimit(ctx, 'registration', req.ip, identifiers[0]);
    const password = str(req.body, 'password') ?? '';
    const policy = await checkPassword(ctx.cfg, identifiers, password);
    if (policy) return await failFlow(ctx, req, res, flow, [{ field: 'password', message: policy }]);
    const identity = await createPasswordIdentity(ctx, traits, await hashPassword(ctx.cfg, password));
    if (!identity) return await failFlow(ctx, req, res, flow, [{ message: text.duplicate() }]);
    await completeRegistration(ctx, req, res, flow, identity, 'password');
  } catch (err) {
    await sendError(ctx, req, res, err, api);
  }
}
