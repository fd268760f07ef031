import { createHash } from 'node:crypto';
import { APP } from '../admin-users/harness';

/*
 * Speaks tus 1.0 to the route handlers as a browser on our origin would (same-origin, cookie),
 * so the tests see exactly what a client sees.
 */
type Handler = (request: Request, ctx: { params: Promise<{ id: string }> }) => Promise<Response>;

export interface Routes {
  collection: { OPTIONS: (r: Request) => Promise<Response>; POST: (r: Request) => Promise<Response> };
  item: { HEAD: Handler; PATCH: Handler; DELETE: Handler };
}

export async function loadRoutes(): Promise<Routes> {
  return { collection: await import('@/app/api/v2/uploads/route'), item: await import('@/app/api/v2/uploads/[id]/route') };
}

export interface CallOptions {
  cookie?: string;
  origin?: string | null;
  headers?: Record<string, string>;
  body?: BodyInit | null;
}

export function tusRequest(method: string, path: string, { cookie, origin = APP, headers = {}, body = null }: CallOptions = {}): Request {
  const h = new Headers({ 'Tus-Resumable': '1.0.0', ...headers });
  if (origin) h.set('origin', origin);
  if (cookie) h.set('cookie', cookie);
  return new Request(`${APP}${path}`, { method, headers: h, body, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit);
}

export const metadataHeader = (meta: Record<string, string | number>) =>
  Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(String(v)).toString('base64')}`)
    .join(',');

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
export const checksumHeader = (bytes: Uint8Array, algorithm: 'sha1' | 'sha256' = 'sha256') => `${algorithm} ${createHash(algorithm).update(bytes).digest('base64')}`;

export function tusClient(routes: Routes, cookie: string | undefined) {
  const params = (id: string) => ({ params: Promise.resolve({ id }) });
  return {
    create: (size: number, meta: Record<string, string | number>, extra: CallOptions = {}) =>
      routes.collection.POST(tusRequest('POST', '/api/v2/uploads', { cookie, ...extra, headers: { 'Upload-Length': String(size), 'Upload-Metadata': metadataHeader(meta), ...extra.headers } })),
    head: (id: string, extra: CallOptions = {}) => routes.item.HEAD(tusRequest('HEAD', `/api/v2/uploads/${id}`, { cookie, ...extra }), params(id)),
    patch: (id: string, offset: number, bytes: Uint8Array | ReadableStream<Uint8Array>, extra: CallOptions = {}) =>
      routes.item.PATCH(
        tusRequest('PATCH', `/api/v2/uploads/${id}`, {
          cookie,
          ...extra,
          headers: { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream', ...(bytes instanceof Uint8Array ? { 'Content-Length': String(bytes.byteLength) } : {}), ...extra.headers },
          body: bytes as BodyInit,
        }),
        params(id),
      ),
    delete: (id: string, extra: CallOptions = {}) => routes.item.DELETE(tusRequest('DELETE', `/api/v2/uploads/${id}`, { cookie, ...extra }), params(id)),
  };
}

/** The upload id from a creation's Location (`/api/v2/uploads/<id>`). */
export const idOf = (res: Response) => (res.headers.get('location') ?? '').split('/').pop()!;
