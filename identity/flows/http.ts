import { randomUUID } from 'node:crypto';
import type { Ctx } from '../context';
import { errors, KratosError } from '../http/errors';
import { q, str, type Req } from '../http/request';
import type { Res } from '../http/response';
import { csrfCookieName, isWellFormedToken, tokensMatch } from '../security/csrf';
import { rotateCsrf } from '../session/http';
import { createExchanger } from '../session/token-exchange';
import { flowJson } from './output';
import { insertFlow, type Flow, type FlowKind, type NewFlow } from './store';

/** The CSRF cookie's token, issuing a new cookie when it is missing or malformed. */
export function ensureCsrfCookie(ctx: Ctx, req: Req, res: Res): string {
  const existing = req.cookies[csrfCookieName(ctx.cfg.baseUrl)];
  if (isWellFormedToken(existing)) return existing;
  return rotateCsrf(ctx, res, req);
}

const AJAX_HINT = 'The anti-CSRF cookie was found but the CSRF token was not included in the HTTP request body (csrf_token) nor in the HTTP Header (X-CSRF-Token).';

/** nosurf check of a browser flow submit; API flows instead must not look like a browser. */
export function checkCsrf(ctx: Ctx, req: Req, flow: Flow): void {
  if (flow.type === 'api') {
    const cookieNames = Object.keys(req.cookies).filter((n) => !/^(__cf|_cf|cf_)/.test(n));
    if (req.headers.origin || cookieNames.length > 0) {
      throw errors.badRequest('The API flow was submitted with an Origin header or cookies. API flows are for native apps; use a browser flow instead.');
    }
    return;
  }
  const cookie = req.cookies[csrfCookieName(ctx.cfg.baseUrl)];
  if (!req.headers.cookie) throw errors.csrf('no Cookie header');
  if (!cookie) throw errors.csrf('cookie header without the csrf cookie');
  const submitted = str(req.body, 'csrf_token');
  if (!submitted) throw errors.csrf(undefined, AJAX_HINT);
  if (!tokensMatch(cookie, submitted)) throw errors.csrf('token mismatch');
}

/** `GET /self-service/<flow>/flows?id=` of a browser flow: the flow's token must match the caller's cookie. */
export function checkFetchCsrf(ctx: Ctx, req: Req, flow: Flow): void {
  if (flow.type !== 'browser') return;
  const cookie = req.cookies[csrfCookieName(ctx.cfg.baseUrl)];
  if (!req.headers.cookie) throw errors.csrf('no Cookie header');
  if (!cookie) throw errors.csrf('cookie header without the csrf cookie');
  if (!tokensMatch(cookie, flow.csrf_token)) throw errors.csrf('token mismatch');
}

/** Stores a new flow for this request: a CSRF cookie for browser flows, the request URL, the configured lifespan. */
export function startFlow(ctx: Ctx, req: Req, res: Res, flow: Omit<NewFlow, 'csrfToken' | 'requestUrl' | 'lifespan'>): Promise<Flow> {
  const csrfToken = flow.type === 'browser' ? ensureCsrfCookie(ctx, req, res) : '';
  return insertFlow(ctx.db, { ...flow, csrfToken, requestUrl: requestUrl(req), lifespan: ctx.cfg.lifespans.flow });
}

export function requestUrl(req: Req): string {
  return req.url.toString();
}

/** Kratos's host match: exact (case-insensitive), or a `*.example.com` allow-list entry matching any subdomain. */
function hostAllowed(host: string, allowed: string): boolean {
  if (allowed.startsWith('*')) return host.toLowerCase().endsWith(allowed.slice(1).toLowerCase());
  return host.toLowerCase() === allowed.toLowerCase();
}

/**
 * Kratos's secure redirect check: `return_to` (relative ones take scheme and host of the default
 * return URL) must match an entry of selfservice.allowed_return_urls or the public
 * `<base URL>self-service` by scheme, host and path prefix; otherwise 400
 * `self_service_flow_return_to_forbidden`.
 */
export function checkReturnTo(ctx: Ctx, value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value, ctx.cfg.defaultReturnUrl);
  } catch {
    throw errors.badRequest(`Unable to parse the return_to query parameter as an URL: ${value}`);
  }
  const allowList = [...ctx.cfg.allowedReturnUrls, `${ctx.cfg.baseUrl}self-service`];
  const ok = allowList.some((entry) => {
    // Wildcard hosts are not valid in WHATWG URLs: match the parts by hand.
    const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)/i.exec(entry);
    if (!m) return false;
    const [, scheme = '', host = '', path = ''] = m;
    return scheme.toLowerCase() === url.protocol.slice(0, -1) && hostAllowed(url.host, host) && (url.pathname || '/').startsWith(path || '/');
  });
  if (!ok) throw errors.returnToForbidden(url.toString());
  return url.toString();
}

export function returnToParam(ctx: Ctx, req: Req): string | undefined {
  return checkReturnTo(ctx, q(req, 'return_to'));
}

export async function storeError(ctx: Ctx, err: KratosError): Promise<string> {
  const id = randomUUID();
  await ctx.db.query('INSERT INTO identity.errors (id, error) VALUES ($1, $2)', [id, JSON.stringify(err.body().error)]);
  return id;
}

/** JSON callers get the herodot body; HTML callers are sent to the error UI. */
export async function sendError(ctx: Ctx, req: Req, res: Res, err: unknown, api = false): Promise<void> {
  const e = err instanceof KratosError ? err : errors.internal(err instanceof Error ? err.message : String(err));
  if (!(err instanceof KratosError)) console.error('identity: unexpected error', err);
  if (e.id) res.headers['Ory-Error-Id'] = e.id;
  const retryAfter = e.details?.retry_after_seconds;
  if (e.code === 429 && typeof retryAfter === 'number') res.headers['Retry-After'] = String(retryAfter);
  if (req.json || api) {
    res.json(e.code, e.body());
    return;
  }
  const id = await storeError(ctx, e);
  res.redirect(303, `${ctx.cfg.ui.error}?id=${id}`);
}

const uiUrl = (ctx: Ctx, kind: FlowKind) => ctx.cfg.ui[kind];

/** An API flow's init answer carrying `session_token_exchange_code` (shown once, as in Kratos). */
export async function respondWithExchangeCode(ctx: Ctx, res: Res, flow: Flow): Promise<void> {
  const { initCode } = await createExchanger(ctx.db, flow.id);
  res.json(200, { ...(await flowJson(ctx, flow)), session_token_exchange_code: initCode });
}

/** Flow answer: JSON/API callers get the flow with `status`; HTML callers a 303 to the flow's UI. */
export async function respondFlow(ctx: Ctx, req: Req, res: Res, flow: Flow, status = 200): Promise<void> {
  if (req.json || flow.type === 'api') {
    res.json(status, await flowJson(ctx, flow));
    return;
  }
  res.redirect(303, `${uiUrl(ctx, flow.kind)}?flow=${flow.id}`);
}

export function flowIdParam(req: Req, name = 'flow'): string {
  const id = q(req, name);
  if (!id) throw errors.badRequest('The flow query parameter is missing or malformed.');
  return id;
}
