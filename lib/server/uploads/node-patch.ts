import 'server-only';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERRORS } from '@tus/server';
import { newRequestId } from '../api/envelope';
import { isCrossOrigin } from '../api/origin';
import type { DomainContext } from '../domain/context';
import { requestContext } from '../domain/contexts';
import { appendRequest } from './append-request';
import { admissionKeyOf, forgetAdmissions, recallAdmission, rememberAdmission } from './admission';
import { parseUploadChecksum } from './checksum';
import { recordProgress } from './record-progress';
import { continueDigest, digestsSettled, recordDigest, requestChecksum } from './running-digest';
import { uploadService } from './tus-server';

/*
 * The middle PATCH requests of an upload, straight from Node's request into the upload's file.
 *
 * Through Next and @tus/server a request's bytes pass a web stream, two transforms, a conversion
 * back to a Node stream and three more Node streams before they reach the file, and Next wraps the
 * request on the way in: together three quarters of an upload's time. So the app server
 * (scripts/app-server.mjs) offers every PATCH here first, and this takes the ones that need none
 * of that: a credential admitted to the upload moments ago (admission.ts) on our origin, under the
 * filesystem store, after the first request (sniffed) and before the last (the finish hook).
 * Everything else goes on to the route handler (handle-upload.ts), untouched. The protocol is
 * tus 1.0's PATCH as @tus/server answers it: the same lock, the offset checked against the file,
 * 409 on a mismatch, 460 on a checksum mismatch; and as in the route handler, what a request
 * appended is taken back unless all of it arrived and its checksum matched.
 */

/** The key under which the app server finds `offerPatch` (both see one globalThis). */
export const OFFER_PATCH = '__argusOfferUploadPatch';

const PATCH_PATH = /^\/api\/v2\/uploads\/([0-9a-f]{32})$/;

const header = (req: IncomingMessage, name: string): string | null => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
};

/** The request's headers as a Fetch Request without a body, for the checks shared with the route handler. */
function headersOnly(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  return new Request(`http://${header(req, 'host') ?? 'localhost'}${req.url ?? '/'}`, { method: 'PATCH', headers });
}

function answer(res: ServerResponse, status: number, headers: Record<string, string>, body = ''): void {
  res.writeHead(status, { 'Tus-Resumable': '1.0.0', 'Cache-Control': 'no-store', ...(body ? { 'Content-Type': 'text/plain', 'Content-Length': String(Buffer.byteLength(body)) } : {}), ...headers });
  res.end(body);
}

const refuse = (res: ServerResponse, error: { status_code: number; body: string }, headers: Record<string, string>) => answer(res, error.status_code, headers, error.body);

/**
 * Takes `req` if it is a middle PATCH this path serves (then answers it and returns true), else
 * returns false having read nothing of it. Synchronous: the decision needs no I/O.
 */
export function offerPatch(req: IncomingMessage, res: ServerResponse): boolean {
  const id = req.method === 'PATCH' ? PATCH_PATH.exec(req.url ?? '')?.[1] : undefined;
  if (!id) return false;
  const service = uploadService();
  const file = service.area.filePath?.(id);
  const length = Number(header(req, 'content-length') ?? NaN);
  const offset = Number(header(req, 'upload-offset') ?? NaN);
  if (!file || !service.area.rollback) return false;
  if (header(req, 'tus-resumable') !== '1.0.0' || header(req, 'content-type') !== 'application/offset+octet-stream' || header(req, 'upload-length') !== null) return false;
  if (!Number.isSafeInteger(length) || length <= 0 || length > service.limits.requestBytes || !Number.isSafeInteger(offset) || offset < 0) return false;
  const credential = header(req, 'authorization') ?? header(req, 'cookie');
  const key = credential ? admissionKeyOf(credential, id) : null;
  const known = key ? recallAdmission(key) : null;
  if (!key || !known || known.row.contentKind === null || known.row.state === 'finished' || offset + length >= known.row.size) return false;
  let checksum: ReturnType<typeof parseUploadChecksum>;
  try {
    checksum = parseUploadChecksum(header(req, 'upload-checksum'));
  } catch {
    return false; // the route handler answers a malformed checksum in the envelope
  }
  const request = headersOnly(req);
  if (isCrossOrigin(request)) return false;
  const requestId = newRequestId(header(req, 'x-request-id'));
  const ctx = requestContext({ user: { actor: known.actor }, requestId });
  serve({ ctx, req, res, id, file, offset, length, checksum, key, admission: known }).catch((err: unknown) => {
    // tus's own errors (a lock not acquired in time) carry their answer.
    const tus = err as { status_code?: unknown; body?: unknown };
    const tusAnswer = typeof tus.status_code === 'number' && typeof tus.body === 'string';
    if (!tusAnswer) ctx.log.error(`PATCH ${req.url} failed`, err);
    if (res.headersSent) res.destroy();
    else refuse(res, tusAnswer ? (tus as { status_code: number; body: string }) : ERRORS.UNKNOWN_ERROR, { 'x-request-id': requestId });
  });
  return true;
}

interface Served {
  ctx: DomainContext;
  req: IncomingMessage;
  res: ServerResponse;
  id: string;
  file: string;
  offset: number;
  length: number;
  checksum: ReturnType<typeof parseUploadChecksum>;
  key: string;
  admission: NonNullable<ReturnType<typeof recallAdmission>>;
}

async function serve({ ctx, req, res, id, file, offset, length, checksum, key, admission }: Served): Promise<void> {
  const service = uploadService();
  const headers = { 'x-request-id': ctx.requestId! };
  const expires = admission.row.expiresAt;
  // @tus/server's own lock, so a HEAD, a DELETE or a resumed PATCH of the same upload waits for this
  // one, or (its cancel) makes this one stop.
  const option = service.server.options.locker;
  const locker = await (typeof option === 'function' ? option(req as never) : option);
  const held = locker.newLock(id);
  // Never stopped while waiting: a request that went away meanwhile fails at its first read.
  await held.lock(new AbortController().signal, () => {
    req.destroy(new Error('the upload was taken over by another request'));
  });
  try {
    const size = await stat(file).then((s) => s.size, () => null);
    if (size === null || ctx.clock.now() > expires) {
      forgetAdmissions(id);
      return refuse(res, size === null ? ERRORS.FILE_NOT_FOUND : ERRORS.FILE_NO_LONGER_EXISTS, headers);
    }
    if (size !== offset) return refuse(res, ERRORS.INVALID_OFFSET, headers);

    const whole = continueDigest(id, offset);
    const sum = checksum ? requestChecksum(checksum.algorithm) : null;
    let complete = false;
    let matches = false;
    try {
      const digest = await appendRequest(req, file, offset, length, {
        // Both hashes on the hashing thread, as the bytes arrive.
        eachPiece: (bytes) => {
          whole?.update(bytes);
          sum?.update(bytes);
        },
        // Either answer comes after the thread took every piece: the request's buffer may be reused then.
        whole: () => (sum ? sum.digest() : digestsSettled().then(() => null)),
      }).then(
        (d) => ({ d }),
        () => null,
      );
      complete = digest !== null;
      matches = digest !== null && (checksum === null || digest.d === checksum.digest);
    } finally {
      // What the request appended stays only if all of it arrived and matched its checksum; the
      // lock is still held, so nobody sees the offset before that.
      if (!matches) {
        whole?.drop();
        if (!complete) sum?.drop();
        await service.area.rollback!(id, offset);
      }
    }
    if (!complete) {
      // The connection broke off, or another request took the upload over.
      forgetAdmissions(id);
      res.destroy();
      return;
    }
    if (!matches) return answer(res, 460, headers, 'Checksum Mismatch\n');
    const now = offset + length;
    if (whole) recordDigest(id, now, whole);
    await recordProgress(ctx, admission.row, now);
    rememberAdmission(key, admission.actor, admission.row);
    answer(res, 204, { ...headers, 'Upload-Offset': String(now), 'Upload-Expires': expires.toUTCString() });
  } finally {
    await held.unlock();
  }
}
