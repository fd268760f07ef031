import 'server-only';
import { clientAddress, PEER_HEADER } from '../net/client-address';
import { kratosPublicUrl } from './urls';

// Hop-by-hop headers (RFC 9110 §7.6.1) and those fetch recomputes: never forwarded either way.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'host', 'content-length']);

/**
 * The identity service rate-limits per client address and believes X-Forwarded-For only from
 * its trusted proxies (us, on loopback): we replace whatever the browser sent with the one
 * address we resolved ourselves. Unknown (no peer preload): none, so the service counts us.
 */
function forwardClientAddress(incoming: Headers, outgoing: Headers): void {
  const client = clientAddress(incoming);
  outgoing.delete(PEER_HEADER);
  if (client) outgoing.set('x-forwarded-for', client);
  else outgoing.delete('x-forwarded-for');
}

/**
 * Forwards a browser request for the identity service's public API (`/self-service/*`,
 * `/sessions` and `/sessions/*`) unchanged: the service's base URL is our origin, so its bodies, redirects
 * and cookies already name this origin and need no rewriting. Redirects are passed to the
 * browser, not followed; Set-Cookie headers are passed one by one.
 */
export async function proxyToIdentity(request: Request): Promise<Response> {
  const incoming = new URL(request.url);
  const headers = new Headers();
  request.headers.forEach((value, key) => {
    if (!HOP_BY_HOP.has(key)) headers.set(key, value);
  });
  // We hand the body over decoded; ask for an uncompressed answer so the headers stay true.
  headers.set('accept-encoding', 'identity');
  forwardClientAddress(request.headers, headers);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  let upstream: Response;
  try {
    upstream = await fetch(`${kratosPublicUrl()}${incoming.pathname}${incoming.search}`, {
      method: request.method,
      headers,
      body: hasBody ? request.body : undefined,
      redirect: 'manual',
      ...(hasBody ? { duplex: 'half' } : {}),
    } as RequestInit);
  } catch (err) {
    console.error(`[identity-proxy] ${request.method} ${incoming.pathname}: ${(err as Error).message}`);
    return Response.json(
      { error: { id: 'service_unavailable', code: 503, status: 'Service Unavailable', message: 'The identity service is temporarily unavailable' } },
      { status: 503, headers: { 'retry-after': '5', 'cache-control': 'no-store' } },
    );
  }
  const out = new Headers();
  upstream.headers.forEach((value, key) => {
    if (!HOP_BY_HOP.has(key) && key !== 'set-cookie' && key !== 'content-encoding') out.set(key, value);
  });
  for (const cookie of upstream.headers.getSetCookie()) out.append('set-cookie', cookie);
  return new Response(request.method === 'HEAD' ? null : upstream.body, { status: upstream.status, statusText: upstream.statusText, headers: out });
}
