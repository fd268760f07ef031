import { restartUrl } from '@/lib/shared/identity/flow';
import { clientAddress } from '../net/client-address';
import { kratosPublicUrl } from './urls';

/** Longer than this and the sign-in page falls back to the browser's own round trip. */
const START_TIMEOUT_MS = 5_000;

export interface StartedLoginFlow {
  id: string;
  /** The identity service's Set-Cookie headers (its CSRF cookie), for the browser. */
  setCookies: string[];
  /** The request's Cookie header with those cookies in it, for the page that fetches the flow. */
  cookie: string;
}

/** `name=value` of each Set-Cookie, replacing a cookie of the same name in the Cookie header. */
export function withSetCookies(cookie: string | null, setCookies: readonly string[]): string {
  const pairs = new Map<string, string>();
  for (const part of (cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) pairs.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  for (const header of setCookies) {
    const first = header.split(';', 1)[0]!;
    const at = first.indexOf('=');
    if (at > 0) pairs.set(first.slice(0, at).trim(), first.slice(at + 1).trim());
  }
  return [...pairs].map(([name, value]) => `${name}=${value}`).join('; ');
}

/**
 * Creates a browser login flow on the server for a sign-in page opened without one (issue 20:
 * the browser's detour /auth/signin → /self-service/login/browser → /auth/signin?flow= cost two
 * round trips before the form showed). The same call the browser would make, with its cookies,
 * address and language; the answer's CSRF cookie goes to the browser with the page. Null whenever
 * that is not a plain new flow (a session exists, the service is slow or down): then the page
 * sends the browser the old way, which handles every case.
 */
export async function startLoginFlow(incoming: Headers, options: { returnTo?: string | null; refresh?: boolean }): Promise<StartedLoginFlow | null> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const cookie = incoming.get('cookie');
  if (cookie) headers.Cookie = cookie;
  const language = incoming.get('accept-language');
  if (language) headers['Accept-Language'] = language;
  // The identity service rate-limits per browser address, not per app server.
  const client = clientAddress(incoming);
  if (client) headers['X-Forwarded-For'] = client;
  try {
    const answer = await fetch(`${kratosPublicUrl()}${restartUrl('login', options)}`, { headers, redirect: 'manual', signal: AbortSignal.timeout(START_TIMEOUT_MS) });
    if (answer.status !== 200) {
      await answer.body?.cancel();
      return null;
    }
    const flow = (await answer.json()) as { id?: unknown; type?: unknown };
    if (typeof flow.id !== 'string' || flow.type !== 'browser') return null;
    const setCookies = answer.headers.getSetCookie();
    return { id: flow.id, setCookies, cookie: withSetCookies(cookie, setCookies) };
  } catch (err) {
    console.error(`[signin] starting a login flow: ${(err as Error).message}`);
    return null;
  }
}
