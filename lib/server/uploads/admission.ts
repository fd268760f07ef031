import 'server-only';
import { createHash } from 'node:crypto';
import type { Actor } from '../auth/actor';
import type { UploadRow } from './create-upload';

/*
 * A client streaming one upload sends a PATCH every few milliseconds, and each asked the identity
 * service for the session and PostgreSQL for the upload and its mission: a third of a request's
 * time. So the admission of one credential (session cookie or processor token) to one upload is
 * kept for ADMISSION_TTL_MS after a PATCH the full checks let through: a revoked session or a
 * withdrawn right still stops the upload within that time. The Origin check runs on every request;
 * HEAD, POST and DELETE always check afresh; ending, finishing or failing an upload forgets it.
 */

export const ADMISSION_TTL_MS = 3000;
/** Bounded: at most this many admissions are kept (expired ones are swept first). */
const MAX_ADMISSIONS = 1000;

interface Admission {
  actor: Actor;
  row: UploadRow;
  until: number;
}

// One map per process: the route handler and the app server's PATCH path (node-patch.ts) are bundled apart.
const holder = globalThis as unknown as { __argusAdmissions?: Map<string, Admission> };
const admissions = (holder.__argusAdmissions ??= new Map<string, Admission>());

/** The key of a credential (Authorization or Cookie header) for upload `id`. Only a digest is kept. */
export const admissionKeyOf = (credential: string, id: string): string => `${id}:${createHash('sha256').update(credential).digest('base64')}`;

/** The key of `request`'s credential for upload `id`, or null without one. */
export function admissionKey(request: Request, id: string): string | null {
  const credential = request.headers.get('authorization') ?? request.headers.get('cookie');
  return credential ? admissionKeyOf(credential, id) : null;
}

export function recallAdmission(key: string, now = Date.now()): Admission | null {
  const known = admissions.get(key);
  if (!known) return null;
  if (known.until > now) return known;
  admissions.delete(key);
  return null;
}

export function rememberAdmission(key: string, actor: Actor, row: UploadRow, now = Date.now()): void {
  if (admissions.size >= MAX_ADMISSIONS) {
    for (const [k, a] of admissions) if (a.until <= now) admissions.delete(k);
    if (admissions.size >= MAX_ADMISSIONS) admissions.delete(admissions.keys().next().value!);
  }
  admissions.set(key, { actor, row, until: now + ADMISSION_TTL_MS });
}

/** Forgets every credential's admission to upload `id`. */
export function forgetAdmissions(id: string): void {
  for (const key of admissions.keys()) if (key.startsWith(`${id}:`)) admissions.delete(key);
}
