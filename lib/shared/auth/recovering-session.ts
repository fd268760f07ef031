/** The parts of an identity session (Kratos protocol) that tell how and when it last authenticated. */
export interface AuthenticatedSession {
  authenticated_at?: string | Date;
  authentication_methods?: readonly { method?: string }[];
}

const RECOVERY_METHODS = new Set(['code_recovery', 'link_recovery']);

/**
 * Whether the session was last authenticated by an account recovery and is still privileged
 * (authenticated_at + privileged max age lies ahead). Such a user has no current password to
 * type, and the identity service accepts a new one without re-authentication, so the profile
 * does not ask for it — after a save or a reload too, not only on the flow the recovery opened.
 */
export function isRecoveringSession(session: AuthenticatedSession, privilegedMaxAgeSeconds: number, now: Date = new Date()): boolean {
  const last = session.authentication_methods?.at(-1)?.method;
  if (!last || !RECOVERY_METHODS.has(last) || !session.authenticated_at) return false;
  const at = new Date(session.authenticated_at).getTime();
  return Number.isFinite(at) && at + privilegedMaxAgeSeconds * 1000 > now.getTime();
}
