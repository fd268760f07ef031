import 'server-only';
import { browserOrigin } from '@/lib/server/identity/urls';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin the browser sees: APP_URL, else the forwarded/host headers (TOOLCHAIN gotcha 9). */
export function requestOrigin(request: Request): string {
  return browserOrigin(request.headers, new URL(request.url).protocol.replace(':', ''));
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
