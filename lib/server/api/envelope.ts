import 'server-only';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { isConnectionError } from '@/lib/server/db/pool';
import { IdentityUnavailableError } from '@/lib/server/identity/whoami';
import { AppError } from '@/lib/server/errors';
import { errorStatus, type ErrorEnvelope, type FieldErrors } from '@/lib/shared/errors';
import '@/lib/shared/validation/zod-messages';
import { codeKey, fieldIssues } from './error-text';

export function newRequestId(incoming: string | null): string {
  // Accept a caller's id only when it is short and plain, so logs cannot be forged.
  return incoming && /^[\w.-]{8,64}$/.test(incoming) ? incoming : randomUUID();
}

export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.') || '_';
    (fields[path] ??= []).push(issue.message);
  }
  return fields;
}

export function errorResponse(envelope: ErrorEnvelope, requestId: string, headers: HeadersInit = {}): Response {
  // Every envelope names a message key, so the UI can always answer in the user's language.
  envelope.error.details = { key: codeKey(envelope.error.code), ...envelope.error.details, requestId };
  return Response.json(envelope, {
    status: errorStatus[envelope.error.code],
    headers: { 'x-request-id': requestId, 'cache-control': 'no-store', ...headers },
  });
}

/** Maps anything thrown by a handler to the one envelope; unknown errors are logged, never shown. */
export function toErrorResponse(err: unknown, requestId: string, route: string): Response {
  if (err instanceof AppError) {
    const { fields, ...rest } = err.details ?? {};
    const details = { ...rest, ...(err.key && { key: err.key }), ...(fields && { fields: fieldIssues(fields) }) };
    return errorResponse({ error: { code: err.code, message: err.message, details } }, requestId);
  }
  if (err instanceof z.ZodError) {
    return errorResponse({ error: { code: 'validation', message: 'Invalid request', details: { fields: fieldIssues(fieldErrors(err)) } } }, requestId);
  }
  if (isConnectionError(err) || err instanceof IdentityUnavailableError) {
    console.error(`[api] ${route} request ${requestId}: dependency unavailable: ${(err as Error).message}`);
    return errorResponse({ error: { code: 'service_unavailable', message: 'The service is temporarily unavailable' } }, requestId, { 'retry-after': '5' });
  }
  console.error(`[api] ${route} request ${requestId} failed:`, err);
  return errorResponse({ error: { code: 'internal', message: 'Internal error' } }, requestId);
}
