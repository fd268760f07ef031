import 'server-only';
import { appOrigin } from '@/lib/server/env-schema';
import { env } from '@/lib/server/env';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin the browser sees: APP_URL, else the forwarded/host headers (TOOLCHAIN gotcha 9). */
export function requestOrigin(request: Request): string {
  if (env().APP_URL) return appOrigin(env());
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  const proto = request.headers.get('x-forwarded-proto') ?? new URL(request.url).protocol.replace(':', '');
  return host ? `${proto}://${host}` : appOrigin(env());
}

/**
 * CSRF defence for state-changing requests: a browser always sends Origin (or at least
 * Sec-Fetch-Site) on them, and it must be ours. Clients that send neither are not browsers,
 * so they carry no ambient cookies to abuse.
 */
export function isCrossOrigin(request: Request): boolean {
  if (SAFE.has(request.method)) return false;
  const origin = request.headers.get('origin');
  if (origin) return origin !== requestOrigin(request);
  const site = request.headers.get('sec-fetch-site');
  return site !== null && site !== 'same-origin' && site !== 'none';
}
