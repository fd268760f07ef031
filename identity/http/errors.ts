import { STATUS_CODES } from 'node:http';

/** A Kratos (herodot) error: `{"error":{id?,code,status,reason?,message,details?}}` + top-level extras. */
export class KratosError extends Error {
  constructor(
    readonly code: number,
    readonly id: string | undefined,
    message: string,
    readonly reason?: string,
    readonly details?: Record<string, unknown>,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    const error: Record<string, unknown> = { code: this.code, status: STATUS_CODES[this.code] ?? 'Error', message: this.message };
    if (this.id) error.id = this.id;
    if (this.reason) error.reason = this.reason;
    if (this.details) error.details = this.details;
    return { error, ...this.extra };
  }
}

export const errors = {
  badRequest: (reason: string) => new KratosError(400, undefined, 'The request was malformed or contained invalid parameters', reason),
  notFound: (reason: string) => new KratosError(404, undefined, 'The requested resource could not be found', reason),
  forbidden: (reason: string) => new KratosError(403, undefined, 'The requested action was forbidden', reason),
  conflict: (reason: string) => new KratosError(409, undefined, 'The resource could not be created due to a conflict', reason),
  unauthorized: (reason: string) => new KratosError(401, undefined, 'The request could not be authorized', reason),
  internal: (reason: string) => new KratosError(500, undefined, 'An internal server error occurred, please contact the system administrator', reason),
  tooMany: (reason: string) => new KratosError(429, 'rate_limit_exceeded', 'Too many requests', reason),
  csrf: (rejectReason?: string, hint?: string) =>
    new KratosError(
      403,
      'security_csrf_violation',
      'the request was rejected to protect you from Cross-Site-Request-Forgery',
      'Please retry the flow and optionally clear your cookies. The request was rejected to protect you from Cross-Site-Request-Forgery (CSRF) which could cause account takeover, leaking personal information, and other serious security issues.',
      { docs: 'https://www.ory.sh/kratos/docs/debug/csrf', ...(rejectReason ? { reject_reason: rejectReason } : {}), ...(hint ? { hint } : {}) },
    ),
  sessionAlready: () =>
    new KratosError(400, 'session_already_available', 'The request was malformed or contained invalid parameters', 'A valid session was detected and thus login is not possible. Did you forget to set `?refresh=true`?'),
  sessionInactive: () =>
    new KratosError(401, 'session_inactive', 'The request could not be authorized', 'No active session was found in this request.'),
  noSession: () => new KratosError(401, undefined, 'The request could not be authorized', 'No valid session credentials found in the request.'),
  refreshRequired: (redirect: string) =>
    new KratosError(403, 'session_refresh_required', 'The requested action was forbidden', 'The login session is too old and thus not allowed to update these fields. Please re-authenticate.', undefined, {
      redirect_browser_to: redirect,
    }),
  locationChange: (redirect: string) =>
    new KratosError(422, 'browser_location_change_required', 'browser location change required', 'In order to complete this flow please redirect the browser to: ' + redirect, undefined, {
      redirect_browser_to: redirect,
    }),
  flowExpired: (newFlowId: string, expiredAt: Date) => {
    const since = Math.max(0, Date.now() - expiredAt.getTime()) * 1e6;
    return new KratosError(410, 'self_service_flow_expired', 'self-service flow expired', `The self-service flow expired ${(since / 6e10).toFixed(2)} minutes ago, initialize a new one.`, undefined, {
      use_flow_id: newFlowId,
      expired_at: expiredAt.toISOString(),
      since,
    });
  },
  flowReplaced: (newFlowId: string) =>
    new KratosError(410, 'self_service_flow_replaced', 'self-service flow replaced', 'The flow has been replaced by a new flow. Please use the new flow.', undefined, { use_flow_id: newFlowId }),
  returnToForbidden: (url: string) =>
    new KratosError(400, 'self_service_flow_return_to_forbidden', 'The request was malformed or contained invalid parameters', `Requested return_to URL "${url}" is not allowed.`),
  identityMismatch: () =>
    new KratosError(403, 'security_identity_mismatch', 'The requested action was forbidden', 'The flow was interrupted because the identity does not match the session.'),
  aal1Required: () => new KratosError(401, 'session_aal1_required', 'The request could not be authorized', 'You can not requested a higher AAL (AAL2/AAL3) without an active session.'),
};
