import { parseEnv, type Env } from '../env-schema';
import { contentSecurityPolicy, HSTS, remoteMapSources, SECURITY_HEADERS } from './headers.mjs';

let config: { env: Env; mapSources: string[] } | undefined;

/**
 * The security headers of one page answer (the route guard, lib/server/guard/). The script nonce
 * is fresh per request; Next.js finds it in the request's `content-security-policy` header and
 * puts it on every script it renders, so no 'unsafe-inline' is needed. HSTS when the app's origin
 * is https (behind TLS).
 */
export function pageSecurityHeaders(requestHeaders: Headers): { nonceHeaders: Record<string, string>; responseHeaders: Record<string, string> } {
  if (!config) {
    const env = parseEnv(process.env);
    config = { env, mapSources: remoteMapSources(env.MAP_STYLE_URL) };
  }
  const { env, mapSources } = config;
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const policy = contentSecurityPolicy({ nonce, dev: process.env.NODE_ENV === 'development', remote: mapSources });
  const responseHeaders: Record<string, string> = { 'content-security-policy': policy };
  for (const { key, value } of SECURITY_HEADERS) responseHeaders[key.toLowerCase()] = value;
  const tls = env.APP_URL?.startsWith('https:') || requestHeaders.get('x-forwarded-proto') === 'https';
  if (tls) responseHeaders[HSTS.key.toLowerCase()] = HSTS.value;
  return { nonceHeaders: { 'content-security-policy': policy }, responseHeaders };
}
