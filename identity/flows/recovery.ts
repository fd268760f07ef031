import type { Ctx } from '../context';
import { localeFrom } from '../courier/templates';
import { errors } from '../http/errors';
import { str, type Req } from '../http/request';
import type { Res } from '../http/response';
import { normalizeAddress } from '../identities/schema';
import { getIdentity, markAddressVerified } from '../identities/store';
import { rateLimit } from '../security/ratelimit';
import { currentSession, rotateCsrf, signIn } from '../session/http';
import { csrfNode, input, setValue, type Ui, type UiNode } from '../ui/nodes';
import { text, type UiText } from '../ui/text';
import { issueCode, redeemCode } from './codes';
import { checkCsrf, ensureCsrfCookie, flowIdParam, respondFlow, returnToParam, sendError, startFlow } from './http';
import { createSettingsFlow } from './settings';
import { countSubmission, getFlow, isExpired, saveFlow, type Flow } from './store';
import { failFlow, notFound, startSubmit } from './submit';

const MAX_SUBMISSIONS = 5;

function chooseUi(ctx: Ctx): Ui {
  return {
    action: `${ctx.cfg.baseUrl}self-service/recovery?flow={id}`,
    method: 'POST',
    nodes: [
      csrfNode(),
      input('code', 'email', 'email', { required: true, label: text.labelEmail() }),
      input('code', 'method', 'submit', { value: 'code', label: text.labelContinue() }),
    ],
  };
}

/** The code form of a recovery flow whose code is out (also used by admin-created recovery codes). */
export function recoveryCodeNodes(): UiNode[] {
  return [
    csrfNode(),
    input('code', 'code', 'text', { required: true, autocomplete: 'one-time-code', pattern: '[0-9]+', maxlength: 6, label: text.labelRecoveryCode() }),
    input('code', 'method', 'hidden', { value: 'code' }),
    input('code', 'method', 'submit', { value: 'code', label: text.labelContinue() }),
  ];
}

function sentUi(action: string, email: string): Ui {
  return {
    action,
    method: 'POST',
    nodes: [...recoveryCodeNodes(), input('code', 'email', 'submit', { value: email, label: text.labelResend() })],
    messages: [text.recoveryCodeSent()],
  };
}

export async function createRecoveryFlow(ctx: Ctx, req: Req, res: Res, opts: { type: 'browser' | 'api'; returnTo?: string; messages?: UiText[] }): Promise<Flow> {
  const ui = chooseUi(ctx);
  if (opts.messages?.length) ui.messages = opts.messages;
  return startFlow(ctx, req, res, {
    kind: 'recovery',
    type: opts.type,
    state: 'choose_method',
    returnTo: opts.returnTo,
    ui,
  });
}

/** GET /self-service/recovery/{browser,api} */
export async function initRecovery(ctx: Ctx, req: Req, res: Res, type: 'browser' | 'api'): Promise<void> {
  const returnTo = returnToParam(ctx, req);
  if (await currentSession(ctx, req, type === 'browser' ? 'cookie' : 'token')) {
    if (type === 'browser' && !req.json) return res.redirect(302, ctx.cfg.defaultReturnUrl);
    throw errors.sessionAlready();
  }
  await respondFlow(ctx, req, res, await createRecoveryFlow(ctx, req, res, { type, returnTo }));
}

/** Same answer for known and unknown addresses; only a known one gets mail. */
async function sendRecovery(ctx: Ctx, req: Req, flow: Flow, emailRaw: string): Promise<void> {
  const email = normalizeAddress(emailRaw);
  const r = await ctx.db.query<{ identity_id: string }>("SELECT identity_id FROM identity.addresses WHERE kind = 'recovery' AND value = $1", [email]);
  const identityId = r.rows[0]?.identity_id ?? null;
  const identity = identityId ? await getIdentity(ctx.db, identityId) : null;
  const code = await issueCode(ctx, flow.id, 'recovery', email, identity?.state === 'active' ? identityId : null);
  if (identity?.state === 'active') {
    await ctx.mailer.send(email, 'recovery_code_valid', localeFrom(req.headers['accept-language']), { code, expiresInMinutes: Math.round(ctx.cfg.lifespans.code / 60) });
  }
  flow.state = 'sent_email';
  flow.active = 'code';
  flow.ui = sentUi(flow.ui.action, email);
  flow.internal.email = email;
  flow.internal.submissions = 0;
  await saveFlow(ctx.db, flow);
}

async function replace(ctx: Ctx, req: Req, res: Res, flow: Flow, message: UiText): Promise<void> {
  const fresh = await createRecoveryFlow(ctx, req, res, { type: flow.type, returnTo: flow.return_to ?? undefined, messages: [message] });
  if (flow.type === 'browser' && !req.json) return res.redirect(303, `${ctx.cfg.ui.recovery}?flow=${fresh.id}`);
  res.redirect(303, `${ctx.cfg.baseUrl}self-service/recovery/flows?id=${fresh.id}`);
}

async function recovered(ctx: Ctx, req: Req, res: Res, flow: Flow, identityId: string, address: string): Promise<void> {
  const identity = await getIdentity(ctx.db, identityId);
  if (!identity || identity.state !== 'active') return failFlow(ctx, req, res, flow, [{ message: text.recoveryCodeInvalid() }], 200);
  await markAddressVerified(ctx.db, identityId, address);
  const api = flow.type === 'api';
  const session = await signIn(ctx, req, api ? null : res, identity, 'code_recovery');
  if (!api) rotateCsrf(ctx, res, req);
  const privilegedUntil = new Date(new Date(session.authenticated_at).getTime() + ctx.cfg.lifespans.privileged * 1000);
  const settings = await createSettingsFlow(ctx, req, res, { type: flow.type, identity, sessionId: session.id, returnTo: flow.return_to ?? ctx.cfg.afterReturnUrl.recovery, messages: [text.recoverySuccessful(privilegedUntil)] });
  flow.state = 'passed_challenge';
  const url = `${ctx.cfg.ui.settings}?flow=${settings.id}`;
  flow.internal.continueWith = [
    ...(api ? [{ action: 'set_ory_session_token', ory_session_token: session.token }] : []),
    { action: 'show_settings_ui', flow: { id: settings.id, ...(api ? {} : { url }) } },
  ];
  await saveFlow(ctx.db, flow);
  if (api) return respondFlow(ctx, req, res, flow, 200);
  if (req.json) throw errors.locationChange(url);
  res.redirect(303, url);
}

/** POST /self-service/recovery?flow= */
export async function submitRecovery(ctx: Ctx, req: Req, res: Res): Promise<void> {
  const flow = await getFlow(ctx.db, 'recovery', flowIdParam(req));
  if (!flow) return notFound();
  const api = flow.type === 'api';
  try {
    if (req.method === 'GET') {
      // A flow made by the admin API gets the visiting browser's CSRF token on first visit.
      if (flow.type === 'browser' && !flow.csrf_token) {
        flow.csrf_token = ensureCsrfCookie(ctx, req, res);
        await saveFlow(ctx.db, flow);
      }
      return await respondFlow(ctx, req, res, flow);
    }
    if (isExpired(flow)) return await replace(ctx, req, res, flow, text.recoveryExpired(new Date(flow.expires_at)));
    try {
      checkCsrf(ctx, req, flow);
    } catch (err) {
      if (!api) rotateCsrf(ctx, res);
      throw err;
    }
    if (await currentSession(ctx, req, api ? 'token' : 'cookie')) {
      if (!api && !req.json) return res.redirect(302, ctx.cfg.defaultReturnUrl);
      throw errors.sessionAlready();
    }
    if (flow.state === 'passed_challenge') return await failFlow(ctx, req, res, flow, [{ message: text.recoveryRetrySuccess() }]);
    startSubmit(flow);
    const method = str(req.body, 'method') ?? 'code';
    if (method !== 'code') return await failFlow(ctx, req, res, flow, [{ message: text.recoveryNoStrategy() }]);
    const email = str(req.body, 'email');
    const code = str(req.body, 'code');
    if (email) {
      await rateLimit(ctx, 'recovery', req.ip, normalizeAddress(email));
      await sendRecovery(ctx, req, flow, email);
      return await respondFlow(ctx, req, res, flow, 200);
    }
    if (!code) {
      const field = flow.state === 'choose_method' ? 'email' : 'code';
      return await failFlow(ctx, req, res, flow, [{ field, message: text.required(field) }]);
    }
    await rateLimit(ctx, 'recovery', req.ip, flow.internal.email);
    const n = await countSubmission(ctx.db, flow.id);
    flow.internal.submissions = n;
    if (n > MAX_SUBMISSIONS) return await replace(ctx, req, res, flow, text.tooOften());
    const used = await redeemCode(ctx, flow.id, code);
    if (!used || !used.identity_id) {
      setValue(flow.ui, 'code', undefined);
      return await failFlow(ctx, req, res, flow, [{ message: text.recoveryCodeInvalid() }], 200);
    }
    await recovered(ctx, req, res, flow, used.identity_id, used.address);
  } catch (err) {
    await sendError(ctx, req, res, err, api);
  }
}
