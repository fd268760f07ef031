import type { IncomingMessage, ServerResponse } from 'node:http';
import { URL_HEADER } from '@/lib/shared/auth/route-guard';
import { SESSION_HANDOFF_HEADER } from '../identity/session-handoff';
import { GUARDED_HEADER } from '../security/headers.mjs';
import { guardPage, isPagePath } from './page-guard';

/** Where instrumentation.ts leaves the guard for the app's HTTP server (scripts/app-server.mjs). */
export const PAGE_GUARD = Symbol.for('argus.page-guard');

/** Request headers only the guard may set: a client's copies are dropped unread, on every request. */
const GUARD_ONLY = [SESSION_HANDOFF_HEADER, URL_HEADER, GUARDED_HEADER];

function requestUrl(req: IncomingMessage): URL {
  const path = req.url ?? '/';
  try {
    return new URL(path, `http://${req.headers.host ?? 'localhost'}`);
  } catch {
    // A Host header no URL can have: the path alone still decides.
    return new URL(path, 'http://localhost');
  }
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (value) for (const v of value) headers.append(name, v);
  }
  return headers;
}

/**
 * The route guard (page-guard.ts) on Node's request and answer, before Next.js sees the request:
 * true when the guard answered it (a redirect), false when Next.js is to render it — with the
 * guard's request headers set, at the rewritten address if any, and the answer's headers set.
 * In the app's own server rather than Next's middleware, which cost about 12 % of a mission
 * page's CPU for the same work (docs/performance.md).
 */
export async function guardNodeRequest(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  for (const name of GUARD_ONLY) delete req.headers[name];
  const url = requestUrl(req);
  if (!isPagePath(url.pathname)) return false;
  const outcome = await guardPage({ method: req.method ?? 'GET', url, headers: headersOf(req) });
  for (const [name, value] of Object.entries(outcome.responseHeaders)) res.setHeader(name, value);
  if (outcome.kind === 'redirect') {
    res.writeHead(303, { location: outcome.location }).end();
    return true;
  }
  for (const cookie of outcome.setCookies) res.appendHeader('set-cookie', cookie);
  Object.assign(req.headers, outcome.requestHeaders, { [GUARDED_HEADER]: '1' });
  if (outcome.path) req.url = outcome.path;
  return false;
}

/** Hands the guard to the app's HTTP server (instrumentation.ts, once per server start). */
export function registerPageGuard(): void {
  (globalThis as Record<symbol, unknown>)[PAGE_GUARD] = guardNodeRequest;
}
