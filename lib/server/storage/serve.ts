import 'server-only';
import { Readable } from 'node:stream';
import { notFound } from '../errors';
import type { ErrorEnvelope } from '@/lib/shared/errors';
import { contentDisposition, contentRange, ifRangeAllows, noneMatch, notModifiedSince, parseRange } from './range';
import type { ObjectInfo, Storage } from './types';

export interface ServeOptions {
  storage: Storage;
  /** Checks that the caller may read this file; throws (AppError) otherwise. Runs first. */
  authorize: () => Promise<void>;
  /** Offered name when saving; adds Content-Disposition. */
  downloadName?: string;
  /** `inline` lets the browser display the file (images, PDFs); default `attachment`. */
  disposition?: 'attachment' | 'inline';
  /** Overrides the stored content type. */
  contentType?: string;
}

/**
 * Answers a GET/HEAD for a stored file: conditional requests (If-None-Match, If-Modified-Since
 * → 304), a single byte range (206; unsatisfiable → 416; If-Range), and a streamed body. Files are
 * private: responses may be cached by the browser only, and always revalidated.
 * A missing file throws AppError not_found, like any domain lookup.
 */
export async function serveStoredFile(request: Request, key: string, options: ServeOptions): Promise<Response> {
  await options.authorize();
  // The file may be replaced between head() and get(); then decide again on the new version.
  for (let attempt = 0; ; attempt += 1) {
    const info = await options.storage.head(key);
    if (!info) throw notFound('File');
    const response = await respond(request, key, info, options, attempt < 2);
    if (response) return response;
  }
}

async function respond(request: Request, key: string, info: ObjectInfo, options: ServeOptions, mayRetry: boolean): Promise<Response | null> {
  const h = request.headers;
  const base = baseHeaders(info, options);
  const unchanged = h.has('if-none-match') ? noneMatch(h.get('if-none-match'), info.etag) : notModifiedSince(h.get('if-modified-since'), info.lastModified);
  if (unchanged) return new Response(null, { status: 304, headers: pick(base, ['etag', 'last-modified', 'cache-control']) });

  const decision = ifRangeAllows(h.get('if-range'), info.etag, info.lastModified) ? parseRange(h.get('range'), info.size) : ({ kind: 'full' } as const);
  if (decision.kind === 'unsatisfiable') {
    const envelope: ErrorEnvelope = { error: { code: 'range_not_satisfiable', message: 'Requested range is outside the file', details: { size: info.size } } };
    return Response.json(envelope, { status: 416, headers: { 'content-range': `bytes */${info.size}`, 'cache-control': 'no-store' } });
  }

  const range = decision.kind === 'partial' ? decision.range : undefined;
  const headers = new Headers(base);
  headers.set('content-length', String(range ? range.end - range.start + 1 : info.size));
  if (range) headers.set('content-range', contentRange(range, info.size));
  const status = range ? 206 : 200;
  if (request.method === 'HEAD') return new Response(null, { status, headers });

  const got = await options.storage.get(key, { range });
  if (mayRetry && (got.etag !== info.etag || got.size !== info.size)) {
    got.body.destroy();
    return null;
  }
  const { body } = got;
  request.signal?.addEventListener('abort', () => body.destroy(), { once: true });
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { status, headers });
}

function baseHeaders(info: ObjectInfo, options: ServeOptions): Headers {
  const headers = new Headers({
    'content-type': options.contentType ?? info.contentType,
    etag: info.etag,
    'last-modified': info.lastModified.toUTCString(),
    'accept-ranges': 'bytes',
    'cache-control': 'private, no-cache',
    'x-content-type-options': 'nosniff',
  });
  if (options.downloadName) headers.set('content-disposition', contentDisposition(options.downloadName, options.disposition));
  else if (options.disposition) headers.set('content-disposition', options.disposition);
  return headers;
}

function pick(headers: Headers, names: string[]): Headers {
  const out = new Headers();
  for (const name of names) {
    const value = headers.get(name);
    if (value !== null) out.set(name, value);
  }
  return out;
}
