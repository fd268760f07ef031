import type { Ctx } from '../context';
import { localeFrom } from '../courier/templates';
import { errors } from '../http/errors';
import { q, str, type Req } from '../http/request';
import type { Res } from '../http/response';
import { normalizeAddress } from '../identities/schema';
import { markAddressSent, markAddressVerified } from '../identities/store';
import { rateLimit } from '../security/ratelimit';
import { csrfNode, input, setValue, type Ui } from '../ui/nodes';
import { text, type UiText } from '../ui/text';
import { issueCode, redeemCode } from './codes';
import { checkCsrf, flowIdParam, respondFlow, returnToParam, sendError, startFlow } from './http';
import { countSubmission, getFlow, isExpired, saveFlow, type Flow } from './store';
import { failFlow, notFound, startSubmit } from './submit';

const MAX_SUBMISSIONS = 5;

function chooseUi(ctx: Ctx): Ui {
  return {
    action: `${ctx.cfg.baseUrl}self-service/verification?flow={id}`,
    method: 'POST',
    nodes: [
      input('code', 'email', 'email', { required: true, label: text.labelEmail() }),
      input('code', 'method', 'submit', { value: 'code', label: text.labelContinue() }),
      csrfNode(),
    ],
  };
}

function sentUi(action: string, email: string): Ui {
  return {
    action,
    method: 'POST',
    nodes: [
      input('code', 'method', 'hidden', { value: 'code' }),
      input('code', 'code', 'text', { required: true, autocomplete: 'one-time-code', label: text.labelVerificationCode() }),
      input('code', 'method', 'submit', { value: 'code', label: text.labelContinue() }),
      csrfNode(),
      input('code', 'email', 'submit', { value: email, label: text.labelResend() }),
    ],
    messages: [text.verificationCodeSent()],
  };
}

export async function createVerificationFlow(ctx: Ctx, req: Req, res: Res, opts: { type: 'browser' | 'api'; returnTo?: string; messages?: UiText[] }): Promise<Flow> {
  const ui = chooseUi(ctx);
  if (opts.messages?.length) ui.messages = opts.messages;
  return startFlow(ctx, req, res, {
    kind: 'verification',
    type: opts.type,
    state: 'choose_method',
    returnTo: opts.returnTo,
    ui,
  });
}

/**
 * Mails a code for `email` when it is a known address, verified or not (Kratos re-verifies an
 * already verified address the same way); the flow looks the same for unknown addresses.
 */
export async function sendVerification(ctx: Ctx, req: Req, flow: Flow, emailRaw: string): Promise<void> {
  const email = normalizeAddress(emailRaw);
  const r = await ctx.db.query<{ identity_id: string; verified: boolean }>("SELECT identity_id, verified FROM identity.addresses WHERE kind = 'verifiable' AND value = $1", [email]);
  const addr = r.rows[0];
  const code = await issueCode(ctx, flow.id, 'verification', email, addr?.identity_id ?? null);
  if (addr) {
    const link = `${ctx.cfg.baseUrl}self-service/verification?flow=${flow.id}&code=${code}`;
    await ctx.mailer.send(email, 'verification_code_valid', localeFrom(req.headers['accept-language']), { code, expiresInMinutes: Math.round(ctx.cfg.lifespans.code / 60), link });
    await markAddressSent(ctx.db, email);
  }
  flow.state = 'sent_email';
  flow.active = 'code';
  flow.ui = sentUi(flow.ui.action, email);
  flow.internal.email = email;
  flow.internal.submissions = 0;
  await saveFlow(ctx.db, flow);
}

/** Registration's follow-up flow, already in `sent_email`. */
export async function startVerificationFor(ctx: Ctx, req: Req, res: Res, type: 'browser' | 'api', email: string, returnTo?: string): Promise<Flow> {
  const flow = await createVerificationFlow(ctx, req, res, { type, returnTo });
  await sendVerification(ctx, req, flow, email);
  return flow;
}

/** GET /self-service/verification/{browser,api} */
export async function initVerification(ctx: Ctx, req: Req, res: Res, type: 'browser' | 'api'): Promise<void> {
  const flow = await createVerificationFlow(ctx, req, res, { type, returnTo: returnToParam(ctx, req) });
  await respondFlow(ctx, req, res, flow);
}

async function replace(ctx: Ctx, req: Req, res: Res, flow: Flow, message: UiText, how: 'expired' | 'replaced'): Promise<void> {
  const fresh = await createVerificationFlow(ctx, req, res, { type: flow.type, returnTo: flow.return_to ?? undefined, messages: [message] });
  if (flow.type === 'browser' && !req.json) return res.redirect(303, `${ctx.cfg.ui.verification}?flow=${fresh.id}`);
  if (how === 'expired') return res.redirect(303, `${ctx.cfg.baseUrl}self-service/verification/flows?id=${fresh.id}`);
  throw errors.flowReplaced(fresh.id);
}

function passedUi(returnUrl: string): Ui {
  return {
    action: returnUrl,
    method: 'GET',
    nodes: [{ type: 'a', group: 'code', attributes: { href: returnUrl, title: text.labelContinue(), id: 'continue', node_type: 'a' }, messages: [], meta: { label: text.labelContinue() } }],
    messages: [text.verificationSuccess()],
  };
}

/** POST /self-service/verification?flow= (and the e-mail link GET ?flow=&code=) */
export async function submitVerification(ctx: Ctx, req: Req, res: Res): Promise<void> {
  const flow = await getFlow(ctx.db, 'verification', flowIdParam(req));
  if (!flow) return notFound();
  const api = flow.type === 'api';
  try {
    if (req.method === 'GET') {
      const code = q(req, 'code');
      if (code && flow.state === 'sent_email') {
        setValue(flow.ui, 'code', code);
        await saveFlow(ctx.db, flow);
      }
      return res.redirect(303, `${ctx.cfg.ui.verification}?flow=${flow.id}`);
    }
    if (isExpired(flow)) return await replace(ctx, req, res, flow, text.verificationExpired(new Date(flow.expires_at)), 'expired');
    if (flow.state === 'passed_challenge') return await replace(ctx, req, res, flow, text.verificationRetrySuccess(), 'replaced');
    const email = str(req.body, 'email');
    const code = str(req.body, 'code');
    const method = str(req.body, 'method') ?? (code ? 'code' : undefined);
    startSubmit(flow);
    if (method !== 'code') return await failFlow(ctx, req, res, flow, [{ message: text.verificationNoStrategy() }]);
    if (email) {
      checkCsrf(ctx, req, flow);
      await rateLimit(ctx, 'verification', req.ip, normalizeAddress(email));
      await sendVerification(ctx, req, flow, email);
      return await respondFlow(ctx, req, res, flow, 200);
    }
    if (!code) {
      if (flow.state === 'choose_method') return await failFlow(ctx, req, res, flow, [{ field: 'email', message: text.required('email') }]);
      return await failFlow(ctx, req, res, flow, [{ field: 'code', message: text.required('code') }]);
    }
    await rateLimit(ctx, 'verification', req.ip, flow.internal.email);
    const n = await countSubmission(ctx.db, flow.id);
    flow.internal.submissions = n;
    if (n > MAX_SUBMISSIONS) return await replace(ctx, req, res, flow, text.tooOften(), 'replaced');
    const used = await redeemCode(ctx, flow.id, code);
    if (!used || !used.identity_id) {
      setValue(flow.ui, 'code', undefined);
      return await failFlow(ctx, req, res, flow, [{ message: text.verificationCodeInvalid() }], 200);
    }
    await markAddressVerified(ctx.db, used.identity_id, used.address);
    flow.state = 'passed_challenge';
    flow.ui = passedUi(flow.return_to ?? ctx.cfg.afterReturnUrl.verification ?? ctx.cfg.defaultReturnUrl);
    await saveFlow(ctx.db, flow);
    await respondFlow(ctx, req, res, flow, 200);
  } catch (err) {
    await sendError(ctx, req, res, err, api);
  }
}
