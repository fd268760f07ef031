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

/**
 * Field errors as domain code raises them: path (dot-joined) → message keys (an encoded
 * `validation.*` issue or another key of messages/*.json); a plain English text is still accepted.
 */
export type FieldErrors = Record<string, string[]>;

/**
 * A field error on the wire: `key` (with `values`) is what the UI translates, `message` the same
 * text in English for other API callers. `key` is encoded (`validation.minLength?min=5`), so
 * `translateIssue(t, issue.key)` renders it in the user's language.
 */
export interface FieldIssue {
  key: string;
  message: string;
}

/** `details.fields` of a `validation` (or `conflict`) envelope: path → issues. */
export type FieldIssues = Record<string, FieldIssue[]>;

export interface ErrorEnvelope {
  error: {
    code: ErrorCode;
    /** English text, for logs and callers without a translation. */
    message: string;
    /** `key`: the message key the UI shows (`errors.code.<code>` when nothing more specific). */
    details?: { key?: string; fields?: FieldIssues; requestId?: string; [key: string]: unknown };
  };
}

export function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  const error = (value as { error?: unknown } | null)?.error as { code?: unknown } | undefined;
  return !!error && typeof error.code === 'string';
}

/** Wire field errors read defensively (a bare string counts as both key and text). */
export function fieldIssuesOf(fields: unknown): FieldIssues {
  const out: FieldIssues = {};
  for (const [path, issues] of Object.entries((fields ?? {}) as Record<string, unknown>)) {
    if (!Array.isArray(issues)) continue;
    out[path] = issues.map((i: unknown) => (typeof i === 'string' ? { key: i, message: i } : (i as FieldIssue)));
  }
  return out;
}

/** The keys of wire field errors (path → encoded keys), for forms that translate them. */
export function fieldKeys(fields: unknown): FieldErrors {
  return Object.fromEntries(Object.entries(fieldIssuesOf(fields)).map(([path, issues]) => [path, issues.map((i) => i.key)]));
}
