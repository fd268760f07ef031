import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Session } from '@ory/client-fetch';

/**
 * One identity round-trip per navigation (issue 20 point 7): the route guard (lib/server/guard/) has just asked the
 * identity service for the session (whoami) and hands the answer to the page in this request
 * header, so the page need not ask again. Only the guard can make a valid one: it is an
 * HMAC over the answer, the hash of the Cookie header it belongs to and a short expiry, under a
 * server secret; the guard also drops any copy a client sent. Whatever does not verify —
 * missing, forged, expired, for other cookies — makes the page ask the identity service itself.
 * Free of `server-only`: the guard, which instrumentation.ts loads, uses it.
 */
export const SESSION_HANDOFF_HEADER = 'x-argus-session';

/** Long enough for the page render that follows the guard, short enough to be useless later. */
export const HANDOFF_TTL_MS = 30_000;

const PROCESS_KEY = Symbol.for('argus.session-handoff.key');

/**
 * SESSION_HANDOFF_SECRET (`npm start` generates it into DATA_DIR), else a random key shared by
 * the guard and the pages of this process (their bundles are separate module graphs).
 */
function key(): Buffer {
  const configured = process.env.SESSION_HANDOFF_SECRET;
  if (configured && configured.length >= 32) return Buffer.from(configured, 'utf8');
  const g = globalThis as { [PROCESS_KEY]?: Buffer };
  return (g[PROCESS_KEY] ??= randomBytes(32));
}

const cookieHash = (cookie: string) => createHash('sha256').update(cookie).digest('base64url');
const mac = (expires: number, cookie: string, payload: string) =>
  createHmac('sha256', key()).update(`${expires}.${cookieHash(cookie)}.${payload}`).digest('base64url');

/** The header value for the session (null: nobody signed in) whoami gave for these cookies. */
export function sealSession(session: Session | null, cookie: string, now = Date.now()): string {
  const expires = now + HANDOFF_TTL_MS;
  // base64url: a header must be ASCII, and names and addresses need not be.
  const payload = Buffer.from(JSON.stringify(session), 'utf8').toString('base64url');
  return `${expires}.${payload}.${mac(expires, cookie, payload)}`;
}

/**
 * The session the guard handed over for these cookies, or undefined when there is no valid
 * hand-off (then ask the identity service). `{ session: null }` means "checked: not signed in".
 */
export function openSession(value: string | null | undefined, cookie: string | null | undefined, now = Date.now()): { session: Session | null } | undefined {
  if (!value || !cookie) return undefined;
  const parts = value.split('.');
  if (parts.length !== 3) return undefined;
  const [expiresText, payload, signature] = parts as [string, string, string];
  const expires = Number(expiresText);
  if (!/^\d{1,15}$/.test(expiresText) || expires < now || expires > now + HANDOFF_TTL_MS) return undefined;
  const expected = Buffer.from(mac(expires, cookie, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    return { session: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Session | null };
  } catch {
    return undefined;
  }
}
