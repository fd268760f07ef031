/**
 * spec §8 "Common identity-response handling": one function turns any answer of the identity
 * service (or the lack of one) into success, a redirect, or a failure with a code and a
 * translated text. Used by every auth and profile form, on the server and in the browser.
 */

export interface UiText {
  id: number;
  text: string;
  type: string;
  context?: Record<string, unknown>;
}

export interface IdentityErrorObject {
  id?: string;
  code?: number;
  reason?: string;
  message?: string;
}

/** The parts of a flow or error body the handling looks at. */
export interface IdentityBody {
  error?: IdentityErrorObject;
  redirect_browser_to?: string;
  ui?: { messages?: UiText[]; nodes?: { messages?: UiText[] }[] };
}

/** Translation hook: the translated text for a key, or undefined when there is none. */
export type Translate = (key: string, values?: Record<string, string | number>) => string | undefined;

export type IdentityOutcome =
  | { ok: true; redirectTo?: string; body?: unknown }
  | { ok: false; code: string; text: string; redirectTo?: string };

/** spec §8: these numeric ids have names as codes; every other id is its own code. */
export const NAMED_CODES: Readonly<Record<number, string>> = { 4000006: 'invalid_username_or_password', 4000002: 'missing_property', 0: 'unknown' };

export const codeOf = (id: number) => NAMED_CODES[id] ?? String(id);

/** The interpolation values of a message's context (only strings and numbers are shown). */
function contextValues(context: Record<string, unknown> | undefined): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(context ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') values[key] = value;
    else if (Array.isArray(value)) values[key] = value.join(', ');
  }
  return values;
}

/** A UI message in the user's language, keyed by id and context (auth.kratosCodes); the service's own text otherwise. */
export function translateUiText(message: UiText, t: Translate): string {
  return t(`auth.kratosCodes.${message.id}`, contextValues(message.context)) ?? message.text;
}

/** The first error-type message of the flow, then of its nodes. */
export function firstErrorMessage(body: IdentityBody | undefined): UiText | undefined {
  const isError = (m: UiText) => m.type === 'error';
  return body?.ui?.messages?.find(isError) ?? body?.ui?.nodes?.flatMap((n) => n.messages ?? []).find(isError);
}

/**
 * @param response   the status and parsed body, or null when no answer came (network error)
 * @param fallbackKey the action's fallback message key (e.g. `auth.fallback.passwordLogin`)
 * @param currentUrl  where the user is, for session_refresh_required's logout return_to
 */
export function handleIdentityResponse(
  response: { status: number; body: unknown } | null,
  fallbackKey: string,
  t: Translate,
  currentUrl = '/',
): IdentityOutcome {
  const unknownText = () => t('auth.unknown_error') ?? 'An unknown error occurred.';
  if (!response) return { ok: false, code: 'no_response', text: t(fallbackKey) ?? unknownText() };
  const body = (response.body && typeof response.body === 'object' ? response.body : {}) as IdentityBody;
  if (response.status === 422 && typeof body.redirect_browser_to === 'string') return { ok: true, redirectTo: body.redirect_browser_to };

  if (body.error && typeof body.error === 'object') {
    const { id, reason, message } = body.error;
    const code = id ?? String(body.error.code ?? 'unknown');
    const text = (id && t(`auth.errors.${id}`)) || reason || message || unknownText();
    if (id === 'session_refresh_required') return { ok: false, code, text, redirectTo: `/logout?return_to=${encodeURIComponent(currentUrl)}` };
    return { ok: false, code, text };
  }
  const first = firstErrorMessage(body);
  if (first) return { ok: false, code: codeOf(first.id), text: translateUiText(first, t) };
  if (response.status >= 200 && response.status < 300) return { ok: true, body: response.body };
  return { ok: false, code: String(response.status), text: unknownText() };
}
