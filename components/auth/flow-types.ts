import type { UiText } from '@/lib/shared/identity/response';

/**
 * The parts of an identity flow the auth screens render, exactly as the identity service sends
 * them (snake_case wire format), so any node the identity schema adds is passed through as is.
 */
export interface UiNode {
  type: string;
  group: string;
  attributes: Record<string, unknown> & { node_type?: string; name?: string; type?: string; value?: unknown };
  messages?: UiText[];
  meta?: { label?: UiText };
}

export interface AuthFlow {
  id: string;
  state?: string;
  return_to?: string;
  ui: { action: string; method: string; nodes: UiNode[]; messages?: UiText[] };
}

export type FlowKind = 'login' | 'registration' | 'recovery' | 'verification';

/** Our page of each flow (the identity service's UI URLs, identity/README.md). */
export const FLOW_PAGE: Readonly<Record<FlowKind, string>> = {
  login: '/auth/signin',
  registration: '/auth/signup',
  recovery: '/auth/recovery',
  verification: '/auth/verify',
};
/** The code step of a recovery (spec §2 /auth/verify-recovery). */
export const RECOVERY_CODE_PAGE = '/auth/verify-recovery';

/** Where a browser starts (or restarts) a flow: a relative URL on our origin, through the identity proxy. */
export function restartUrl(kind: FlowKind, options: { returnTo?: string | null; refresh?: boolean } = {}): string {
  const query = new URLSearchParams();
  if (options.refresh) query.set('refresh', 'true');
  if (options.returnTo) query.set('return_to', options.returnTo);
  const search = query.toString();
  return `/self-service/${kind}/browser${search ? `?${search}` : ''}`;
}

export function isAuthFlow(value: unknown): value is AuthFlow {
  const v = value as AuthFlow | null;
  return !!v && typeof v === 'object' && typeof v.id === 'string' && !!v.ui && Array.isArray(v.ui.nodes);
}
