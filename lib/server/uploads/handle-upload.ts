import 'server-only';
import { eq } from 'drizzle-orm';
import { ACCEPTED_CONTENT, REQUEST_BYTES_HEADER, uploadMetadata } from '@/lib/shared/schemas/upload';
import { SNIFF_BYTES, sniffContent } from '@/lib/shared/uploads/sniff';
import { newRequestId, toErrorResponse } from '../api/envelope';
import { admit } from '../api/handler';
import { limitedBody } from '../api/stream';
import { upload } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { processorContext, requestContext } from '../domain/contexts';
import { db } from '../db/client';
import { isCrossOrigin } from '../api/origin';
import { processorFromRequest } from '../processors/processor-token';
import { parseInput } from '../domain/validate';
import { AppError } from '../errors';
import { admissionKey, forgetAdmissions, recallAdmission, rememberAdmission } from './admission';
import { CHECKSUM_ALGORITHMS, checksumMatches, parseUploadChecksum } from './checksum';
import type { UploadRow } from './create-upload';
import { endUpload } from './end-upload';
import { finishUpload } from './finish-upload';
import { requireOwnUpload } from './own-upload';
import { recordProgress } from './record-progress';
import { continueDigest, recordDigest } from './running-digest';
import { uploadService, type PendingRequest, type UploadService } from './tus-server';
import { requestTooLarge, uploadFinished, wrongContent } from './upload-errors';

/*
 * The tus endpoint (/api/v2/uploads, /api/v2/uploads/{id}) around @tus/server. Everything tus does
 * not decide for us happens here, before a byte reaches the store: the Origin check and session
 * (the same `admit` as every endpoint), the upload's owner and mission, the checksum extension
 * (tus-node-server has none), and the content check of the first bytes. Our refusals answer in
 * the JSON envelope; tus's own (412, 409 offset mismatch, 460) in its plain form.
 */

const TUS_EXTENSIONS = 'creation,termination,expiration,checksum';
const ROUTE = 'tus /api/v2/uploads';

function withTusHeaders(response: Response, requestId: string): Response {
  const headers = new Headers(response.headers);
  headers.set('Tus-Resumable', '1.0.0');
  headers.set('x-request-id', requestId);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Tus-Metadata: comma-separated `key base64value` pairs (a key alone means an empty value). */
export function parseTusMetadata(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value, extra] = pair.trim().split(' ');
    if (!key) continue;
    if (extra !== undefined || (value !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(value))) {
      throw new AppError('bad_request', 'Upload-Metadata is malformed', undefined, 'errors.uploads.badMetadata');
    }
    out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

/** The request's body read whole (it is bounded by UPLOAD_REQUEST_BYTES: 413 beyond). */
async function readBody(request: Request, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const stream = limitedBody(request, max);
  if (!stream) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    chunks.push(chunk);
    total += chunk.byteLength;
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

function rebuilt(request: Request, body: Uint8Array<ArrayBuffer> | null, drop: string[] = []): Request {
  const headers = new Headers(request.headers);
  for (const name of drop) headers.delete(name);
  if (body) headers.set('content-length', String(body.byteLength));
  return new Request(request.url, { method: request.method, headers, body, signal: request.signal });
}

async function options(service: UploadService): Promise<Response> {
  const response = await service.server.handleWeb(new Request('http://local/api/v2/uploads', { method: 'OPTIONS' }) as never);
  const headers = new Headers(response.headers);
  headers.set('Tus-Extension', TUS_EXTENSIONS);
  headers.set('Tus-Checksum-Algorithm', CHECKSUM_ALGORITHMS.join(','));
  headers.set('Tus-Max-Size', String(service.limits.maxBytes));
  headers.set(REQUEST_BYTES_HEADER, String(service.limits.requestBytes));
  headers.set('Cache-Control', 'no-store');
  return new Response(null, { status: 204, headers });
}

async function create(service: UploadService, ctx: DomainContext, request: Request): Promise<Response> {
  if (request.headers.get('upload-defer-length') !== null || request.headers.get('upload-concat') !== null) {
    throw new AppError('bad_request', 'Upload-Length is required (no deferred length, no concatenation)', undefined, 'errors.uploads.lengthRequired');
  }
  const length = request.headers.get('upload-length');
  if (length === null || !/^\d{1,16}$/.test(length)) throw new AppError('bad_request', 'Upload-Length is required', undefined, 'errors.uploads.lengthRequired');
  if (Number(length) === 0) throw new AppError('bad_request', 'An empty file cannot be uploaded', undefined, 'errors.uploads.empty');
  const metadata = parseInput(uploadMetadata, parseTusMetadata(request.headers.get('upload-metadata')));
  // No creation-with-upload: every byte goes through PATCH, where the checks run.
  const state: PendingRequest = { ctx, create: metadata };
  const response = await service.run(rebuilt(request, null, ['content-type', 'content-length']), state);
  if (state.error) throw state.error;
  return response;
}

function finishedHead(row: UploadRow): Response {
  return new Response(null, { status: 200, headers: { 'Upload-Offset': String(row.size), 'Upload-Length': String(row.size), 'Cache-Control': 'no-store' } });
}

async function head(service: UploadService, ctx: DomainContext, request: Request, row: UploadRow): Promise<Response> {
  if (row.state === 'finished') return finishedHead(row);
  const response = await service.run(request, { ctx });
  // All bytes arrived but the finish hook did not complete (a crash, a failed commit): finish now.
  if (response.status === 200 && Number(response.headers.get('upload-offset')) === row.size && row.contentKind !== null) {
    await finishUpload(ctx, row, service.area);
  }
  return response;
}

interface Patched {
  response: Response;
  /** The upload as it is now (its content kind known after the first request), or null once finished. */
  row: UploadRow | null;
}

async function patch(service: UploadService, ctx: DomainContext, request: Request, row: UploadRow): Promise<Patched> {
  if (row.state === 'finished') throw uploadFinished();
  const max = service.limits.requestBytes;
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > max) throw requestTooLarge(max);
  const checksum = parseUploadChecksum(request.headers.get('upload-checksum'));
  const offset = Number(request.headers.get('upload-offset'));
  const sniffing = row.contentKind === null;
  // A checksummed body is read whole and checked before tus stores a byte; so is the last one, which
  // completes the running SHA-256 the finish hook then takes instead of reading the file back. (The
  // middle requests of an upload under the filesystem store stream instead: scripts/app-server.mjs
  // hands them to node-patch.ts before they get here.)
  let forward = request;
  let current = row;
  let digestAfter: PendingRequest['digestAfter'];
  const last = declared !== null && offset + Number(declared) >= row.size;
  if (checksum || sniffing || last || declared === null) {
    const body = await readBody(request, max).catch((err: unknown) => {
      // Over the limit, or the connection dropped mid-request: nothing of it is kept either way.
      throw err instanceof AppError ? requestTooLarge(max) : new AppError('bad_request', 'The request body was cut off', undefined, 'errors.uploads.interrupted');
    });
    if (checksum && !checksumMatches(checksum, body)) return { response: checksumMismatch(), row };
    if (sniffing) {
      if (offset !== 0 || body.byteLength < Math.min(SNIFF_BYTES, row.size)) {
        throw new AppError('bad_request', `The first request must start at offset 0 and carry at least ${SNIFF_BYTES} bytes`, undefined, 'errors.uploads.firstBytes');
      }
      const kind = sniffContent(body);
      if (!kind || !ACCEPTED_CONTENT[row.purpose].includes(kind)) {
        await endUpload(ctx, row, service.area, 'wrong-content', { detected: kind });
        throw wrongContent(row.purpose, kind);
      }
      current = { ...row, contentKind: kind };
    }
    forward = rebuilt(request, body);
    const whole = continueDigest(row.id, offset);
    if (whole) digestAfter = { offset: offset + body.byteLength, hash: whole.update(body) };
  }
  const state: PendingRequest = { ctx, row: current, digestAfter };
  const response = await service.run(forward, state);
  const offsetNow = response.status === 204 ? Number(response.headers.get('upload-offset')) : null;
  // Recorded by the finish hook, or here once tus stored the bytes; else what it hashed is dropped.
  if (digestAfter && !state.finished) {
    if (digestAfter.offset === offsetNow) recordDigest(row.id, offsetNow, digestAfter.hash);
    else digestAfter.hash.drop();
  }
  if (state.error) throw state.error;
  if (state.finished) return { response, row: null };
  if (offsetNow !== null) {
    if (sniffing) {
      await ctx.db.update(upload).set({ contentKind: current.contentKind, offset: offsetNow }).where(eq(upload.id, row.id));
      await recordProgress(ctx, row, offsetNow, true);
    } else {
      await recordProgress(ctx, row, offsetNow);
    }
  }
  return { response, row: current };
}

const checksumMismatch = () => new Response('Checksum Mismatch\n', { status: 460, headers: { 'Content-Type': 'text/plain' } });

async function ownUpload(ctx: DomainContext, id: string): Promise<UploadRow> {
  if (!/^[0-9a-f]{32}$/.test(id)) throw new AppError('not_found', 'upload not found', undefined, 'errors.uploads.notFound');
  return requireOwnUpload(ctx, id);
}

/** A PATCH: admitted afresh, or by the admission its credential got for this upload moments ago. */
async function admittedPatch(service: UploadService, request: Request, id: string, requestId: string): Promise<Response> {
  const key = admissionKey(request, id);
  const known = key ? recallAdmission(key) : null;
  let ctx: DomainContext;
  let row: UploadRow;
  if (known) {
    if (isCrossOrigin(request)) throw new AppError('not_authorized', 'Cross-origin request refused');
    ctx = requestContext({ user: { actor: known.actor }, requestId });
    row = known.row;
  } else {
    ctx = await uploaderContext(request, requestId);
    row = await ownUpload(ctx, id);
  }
  try {
    const patched = await patch(service, ctx, request, row);
    if (key && patched.row && patched.response.status === 204) rememberAdmission(key, ctx.actor, patched.row);
    else forgetAdmissions(id);
    return patched.response;
  } catch (err) {
    forgetAdmissions(id);
    throw err;
  }
}

async function terminate(service: UploadService, ctx: DomainContext, request: Request, row: UploadRow): Promise<Response> {
  if (row.state === 'finished') throw uploadFinished();
  // Through tus first: it takes the upload's lock, so a PATCH still running is stopped.
  const response = await service.run(request, { ctx });
  if (response.status !== 204 && response.status !== 404 && response.status !== 410) return response;
  await endUpload(ctx, row, service.area, 'cancelled');
  return new Response(null, { status: 204 });
}

/**
 * A processor (SLAM) uploads its results with its bearer token; everyone else with a session. Both
 * go through the Origin check.
 */
async function uploaderContext(request: Request, requestId: string): Promise<DomainContext> {
  if (/^Bearer\s/i.test(request.headers.get('authorization') ?? '')) {
    if (isCrossOrigin(request)) throw new AppError('not_authorized', 'Cross-origin request refused');
    const processor = await processorFromRequest(db(), request);
    return processorContext(processor, requestId);
  }
  const user = await admit({ auth: 'user' }, request);
  return requestContext({ user: user!, requestId });
}

/**
 * Answers one request to /api/v2/uploads (`id` undefined: OPTIONS, POST) or /api/v2/uploads/{id}
 * (HEAD, PATCH, DELETE, OPTIONS).
 */
export async function handleUploadRequest(request: Request, id?: string, service: UploadService = uploadService()): Promise<Response> {
  const requestId = newRequestId(request.headers.get('x-request-id'));
  try {
    if (request.method === 'OPTIONS') return withTusHeaders(await options(service), requestId);
    if (id !== undefined && request.method === 'PATCH') return withTusHeaders(await admittedPatch(service, request, id, requestId), requestId);
    const ctx = await uploaderContext(request, requestId);
    if (id === undefined) {
      if (request.method !== 'POST') throw new AppError('method_not_allowed', `${request.method} is not supported here`);
      return withTusHeaders(await create(service, ctx, request), requestId);
    }
    const row = await ownUpload(ctx, id);
    switch (request.method) {
      case 'HEAD':
        return withTusHeaders(await head(service, ctx, request, row), requestId);
      case 'DELETE':
        forgetAdmissions(id);
        return withTusHeaders(await terminate(service, ctx, request, row), requestId);
      default:
        throw new AppError('method_not_allowed', `${request.method} is not supported here`);
    }
  } catch (err) {
    return withTusHeaders(toErrorResponse(err, requestId, `${request.method} ${ROUTE}`), requestId);
  }
}
