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
 * The largest request body passed on (the identity service itself reads at most 1 MiB). Flows and
 * settings are a few kilobytes; a bigger body is refused before it is read, so it cannot hold a
 * connection to the identity service (and the sign-ins queued behind it).
 */
export const IDENTITY_PROXY_MAX_BODY_BYTES = 1024 * 1024;

/** The proxy's own answers use the identity service's error shape, as its clients expect. */
const proxyError = (status: number, id: string, statusText: string, message: string, headers: Record<string, string> = {}) =>
  Response.json({ error: { id, code: status, status: statusText, message } }, { status, headers: { 'cache-control': 'no-store', ...headers } });

const tooLarge = () => proxyError(413, 'payload_too_large', 'Payload Too Large', `The request body exceeds ${IDENTITY_PROXY_MAX_BODY_BYTES} bytes`);

/**
 * Reads the body up to the limit, counting as chunks arrive (a chunked body has no Content-Length
 * to check): null past it, and the rest is not read. Flow bodies are a few kilobytes, so they are
 * passed on whole, with a length: the identity service never sees a half-sent or endless upload
 * that would hold one of its connections (and the sign-ins waiting for one).
 */
async function readLimited(body: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let seen = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return new Uint8Array(Buffer.concat(chunks));
      seen += value.byteLength;
      if (seen > max) {
        await reader.cancel().catch(() => undefined);
        return null;
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
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
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null;
  // Refused before a byte of the body is read when the caller declares it.
  if (Number(request.headers.get('content-length') ?? 0) > IDENTITY_PROXY_MAX_BODY_BYTES) return tooLarge();
  const body = hasBody ? await readLimited(request.body!, IDENTITY_PROXY_MAX_BODY_BYTES) : undefined;
  if (body === null) return tooLarge();
  let upstream: Response;
  try {
    upstream = await fetch(`${kratosPublicUrl()}${incoming.pathname}${incoming.search}`, {
      method: request.method,
      headers,
      body: body as BodyInit | undefined,
      redirect: 'manual',
    });
  } catch (err) {
    console.error(`[identity-proxy] ${request.method} ${incoming.pathname}: ${(err as Error).message}`);
    return proxyError(503, 'service_unavailable', 'Service Unavailable', 'The identity service is temporarily unavailable', { 'retry-after': '5' });
  }
  const out = new Headers();
  upstream.headers.forEach((value, key) => {
    if (!HOP_BY_HOP.has(key) && key !== 'set-cookie' && key !== 'content-encoding') out.set(key, value);
  });
  for (const cookie of upstream.headers.getSetCookie()) out.append('set-cookie', cookie);
  return new Response(request.method === 'HEAD' ? null : upstream.body, { status: upstream.status, statusText: upstream.statusText, headers: out });
}

