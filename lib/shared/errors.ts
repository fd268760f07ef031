/**
 * The one error vocabulary (ARCHITECTURE §4.2). Every API error answers
 * `{ "error": { "code", "message", "details" } }` with the status that belongs to its code.
 */
export const errorStatus = {
  validation: 400,
  bad_request: 400,
  unauthenticated: 401,
  not_authorized: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  version_conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** Field errors: path (dot-joined) → messages. */
export type FieldErrors = Record<string, string[]>;

export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string; details?: { fields?: FieldErrors; requestId?: string; [key: string]: unknown } };
}

export function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  const error = (value as { error?: unknown } | null)?.error as { code?: unknown } | undefined;
  return !!error && typeof error.code === 'string';
}
