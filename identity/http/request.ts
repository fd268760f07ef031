import type { IncomingMessage } from 'node:http';
import { clientAddress, type TrustedProxies } from '../security/trusted-proxies';
import { KratosError } from './errors';

export interface Req {
  raw: IncomingMessage;
  method: string;
  url: URL;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  cookies: Record<string, string>;
  /** True for SPA/AJAX callers: Accept negotiates to JSON or Content-Type is exactly application/json. */
  json: boolean;
  ip: string;
  body: Record<string, unknown>;
  /** The parsed JSON body as sent (arrays included), for JSON Patch. */
  rawJson?: unknown;
  bodyKind: 'json' | 'form' | 'none';
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const name = part.slice(0, i).trim();
    const value = part.slice(i + 1).trim();
    if (!(name in out)) {
      try {
        out[name] = decodeURIComponent(value);
      } catch {
        out[name] = value;
      }
    }
  }
  return out;
}

/**
 * Kratos (golang gddo NegotiateContentType) negotiates Accept against the offers text/html,
 * text/(any), (any)/(any), application/json with default text/html: the highest q wins, ties go to
 * the less wildcard match, so an Accept of "any" counts as HTML. A JSON content type also counts.
 */
export function isJsonRequest(accept: string | undefined, contentType: string | undefined): boolean {
  if (contentType === 'application/json') return true;
  if (!accept) return false;
  const offers = ['text/html', 'text/*', '*/*', 'application/json'];
  const specs = accept.split(',').map((r) => {
    const [type = '', ...params] = r.trim().split(';');
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return { value: type.trim().toLowerCase(), q: qp ? Number(qp.slice(2)) : 1 };
  });
  let bestOffer = 'text/html';
  let bestQ = -1;
  let bestWild = 3;
  for (const offer of offers) {
    for (const spec of specs) {
      if (!(spec.q > 0)) continue;
      if (spec.value === '*/*') {
        if (spec.q > bestQ || bestWild > 2) [bestQ, bestWild, bestOffer] = [spec.q, 2, offer];
      } else if (spec.value.endsWith('/*')) {
        if (offer.startsWith(spec.value.slice(0, -1)) && (spec.q > bestQ || bestWild > 1)) [bestQ, bestWild, bestOffer] = [spec.q, 1, offer];
      } else if (spec.value === offer && (spec.q > bestQ || bestWild > 0)) {
        [bestQ, bestWild, bestOffer] = [spec.q, 0, offer];
      }
    }
  }
  return bestOffer === 'application/json';
}

/** Sets `obj[a][b]...` from a dotted form name such as traits.name.first. */
function setDotted(obj: Record<string, unknown>, dotted: string, value: unknown): void {
  const parts = dotted.split('.');
  let cur: Record<string, unknown> = obj;
  for (const [i, key] of parts.entries()) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') return;
    if (i === parts.length - 1) {
      cur[key] = value;
    } else {
      const next = cur[key];
      if (typeof next !== 'object' || next === null) cur[key] = {};
      cur = cur[key] as Record<string, unknown>;
    }
  }
}

/** JSON bodies may also use dotted keys; expand them. */
function expandDotted(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    if (k.includes('.')) setDotted(out, k, v);
    else out[k] = v;
  }
  return out;
}

/** The largest request body the service reads (flows and admin calls are a few kilobytes). */
export const MAX_BODY_BYTES = 1 << 20;

const tooLarge = (limit: number) =>
  new KratosError(413, 'payload_too_large', 'The request body is too large', `The request body exceeds ${limit} bytes.`, { max_bytes: limit });

/** Reads the body, refusing (413) before reading when Content-Length is too large and as soon as the bytes pass the limit. */
function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string> {
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.reject(tooLarge(limit));
  // Listeners, not for-await: leaving a for-await early destroys the request, and with it the
  // socket the 413 has to go out on.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', onData).off('end', onEnd).off('error', reject);
      reject(tooLarge(limit));
    };
    const onEnd = () => resolve(Buffer.concat(chunks).toString('utf8'));
    req.on('data', onData).once('end', onEnd).once('error', reject);
  });
}

/**
 * Before a 413 goes out: reads and drops what the client is still sending, within bounds. A socket
 * closed with unread data is reset, and the client would see the reset instead of the answer.
 */
export function drainRequest(req: IncomingMessage, maxBytes = 16 * MAX_BODY_BYTES, maxMs = 2000): Promise<void> {
  if (req.readableEnded || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const done = () => {
      clearTimeout(timer);
      req.off('data', onData).off('end', done).off('error', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) done();
    };
    const timer = setTimeout(done, maxMs);
    req.on('data', onData).once('end', done).once('error', done);
    req.resume();
  });
}

const NUL = /\u0000/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The first string (value or key) holding a NUL character or a lone UTF-16 surrogate, with its
 * dotted path: PostgreSQL refuses NUL in text, and a lone surrogate cannot be encoded as UTF-8.
 */
export function unstorableText(value: unknown, path = '', depth = 0): { field: string; problem: string } | null {
  if (typeof value === 'string') {
    if (NUL.test(value)) return { field: path, problem: 'a NUL character' };
    if (LONE_SURROGATE.test(value)) return { field: path, problem: 'a lone UTF-16 surrogate' };
    return null;
  }
  // JSON.parse has bounded the depth already (it throws on absurd nesting); stop well before the stack does.
  if (typeof value !== 'object' || value === null || depth > 64) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    const inKey = unstorableText(key, at.replace(/[\u0000\ud800-\udfff]/g, '\ufffd'), depth + 1);
    if (inKey) return inKey;
    const found = unstorableText(item, at, depth + 1);
    if (found) return found;
  }
  return null;
}

function assertStorable(value: unknown, where: string): void {
  const found = unstorableText(value);
  if (!found) return;
  const field = found.field || where;
  throw new KratosError(400, undefined, 'The request was malformed or contained invalid parameters', `The ${where} field "${field}" contains ${found.problem}.`, { field, location: where });
}

export async function parseRequest(raw: IncomingMessage, proxies: TrustedProxies): Promise<Req> {
  const host = (raw.headers['x-forwarded-host'] as string | undefined) ?? raw.headers.host ?? 'localhost';
  const proto = (raw.headers['x-forwarded-proto'] as string | undefined) ?? 'http';
  const url = new URL(raw.url ?? '/', `${proto}://${host}`);
  assertStorable(Object.fromEntries(url.searchParams), 'query');
  const contentType = raw.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  let body: Record<string, unknown> = {};
  let bodyKind: Req['bodyKind'] = 'none';
  let rawJson: unknown;
  if (raw.method !== 'GET' && raw.method !== 'HEAD') {
    const text = await readBody(raw);
    if (text.length > 0) {
      if (contentType === 'application/x-www-form-urlencoded') {
        bodyKind = 'form';
        for (const [k, v] of new URLSearchParams(text)) setDotted(body, k, v);
      } else {
        bodyKind = 'json';
        try {
          const parsed: unknown = JSON.parse(text);
          rawJson = parsed;
          body = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? expandDotted(parsed as Record<string, unknown>) : {};
        } catch {
          body = {};
        }
      }
    }
  }
  assertStorable(bodyKind === 'json' ? rawJson : body, 'body');
  return {
    raw,
    method: raw.method ?? 'GET',
    url,
    path: url.pathname,
    query: url.searchParams,
    headers: raw.headers,
    cookies: parseCookies(raw.headers.cookie),
    json: isJsonRequest(raw.headers.accept, raw.headers['content-type']),
    ip: clientAddress(raw.socket.remoteAddress, raw.headers['x-forwarded-for'], proxies),
    body,
    rawJson,
    bodyKind,
  };
}

/** Query value with Kratos' rule that empty means absent. */
export function q(req: Req, name: string): string | undefined {
  const v = req.query.get(name);
  return v === null || v === '' ? undefined : v;
}

export function str(body: Record<string, unknown>, name: string): string | undefined {
  const v = body[name];
  return typeof v === 'string' ? v : undefined;
}
