import { handleIdentityResponse, type Translate } from '@/lib/shared/identity/response';
import { FLOW_PAGE, isAuthFlow, RECOVERY_CODE_PAGE, restartUrl, type AuthFlow, type FlowKind } from '@/lib/shared/identity/flow';

/** What a form does after the identity service answered a JavaScript submit. */
export type Step =
  | { type: 'navigate'; to: string }
  | { type: 'flow'; flow: AuthFlow }
  | { type: 'done'; redirectTo?: string; body?: unknown }
  | { type: 'error'; code: string; text: string };

export interface AnswerContext {
  kind: FlowKind;
  /** The flow the form showed. */
  flowId: string;
  /** The path of the page the form is on (a flow moving to another step changes page). */
  page: string;
  fallbackKey: string;
  t: Translate;
  currentUrl: string;
  returnTo?: string;
}

/** The page that shows a flow in its state: a recovery whose code is out has its own page. */
export function pageOf(kind: FlowKind, flow: Pick<AuthFlow, 'id' | 'state'>): string {
  const path = kind === 'recovery' && flow.state === 'sent_email' ? RECOVERY_CODE_PAGE : FLOW_PAGE[kind];
  return `${path}?flow=${encodeURIComponent(flow.id)}`;
}

function flowStep(ctx: AnswerContext, flow: AuthFlow): Step {
  const target = pageOf(ctx.kind, flow);
  if (flow.id !== ctx.flowId || !target.startsWith(`${ctx.page}?`)) return { type: 'navigate', to: target };
  return { type: 'flow', flow };
}

/**
 * spec §8 "Common identity-response handling" (handleIdentityResponse) plus what a browser flow
 * needs on top: a replaced or expired flow (use_flow_id) and a CSRF failure restart the flow
 * transparently; a flow body re-renders the form with its messages.
 */
export function nextStep(response: { status: number; body: unknown } | null, ctx: AnswerContext): Step {
  const outcome = handleIdentityResponse(response, ctx.fallbackKey, ctx.t, ctx.currentUrl);
  const body = response?.body as { use_flow_id?: unknown } | null | undefined;
  if (!outcome.ok) {
    if (outcome.redirectTo) return { type: 'navigate', to: outcome.redirectTo };
    if (typeof body?.use_flow_id === 'string') return { type: 'navigate', to: pageOf(ctx.kind, { id: body.use_flow_id }) };
    if (outcome.code === 'security_csrf_violation') return { type: 'navigate', to: restartUrl(ctx.kind, { returnTo: ctx.returnTo }) };
    if (isAuthFlow(body)) return flowStep(ctx, body);
    return { type: 'error', code: outcome.code, text: outcome.text };
  }
  if (isAuthFlow(outcome.body)) return flowStep(ctx, outcome.body);
  return { type: 'done', redirectTo: outcome.redirectTo, body: outcome.body };
}

interface ContinueWith {
  action?: string;
  redirect_browser_to?: string;
  flow?: { id?: string; url?: string };
}

/**
 * Where a successful sign-in or sign-up continues (Kratos' `continue_with`): the verification
 * screen first (show_verification_ui), else the browser redirect.
 */
export function continueTarget(body: unknown): string | undefined {
  const list = (body as { continue_with?: ContinueWith[] } | null)?.continue_with;
  if (!Array.isArray(list)) return undefined;
  const verification = list.find((c) => c.action === 'show_verification_ui')?.flow;
  if (verification?.url) return verification.url;
  if (verification?.id) return `${FLOW_PAGE.verification}?flow=${encodeURIComponent(verification.id)}`;
  return list.find((c) => c.action === 'redirect_browser_to')?.redirect_browser_to;
}
