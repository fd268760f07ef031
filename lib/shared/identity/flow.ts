import type { UiText } from './response';

/**
 * The parts of an identity flow the auth screens render, exactly as the identity service sends
 * them (snake_case wire format), so any node the identity schema adds is passed through as is.
 */
export interface UiNode {
  type: string;
  group: string;
  attributes: Record<string, unknown> & {
    node_type?: string;
    name?: string;
    type?: string;
    value?: unknown;
    required?: boolean;
    disabled?: boolean;
    autocomplete?: string;
  };
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

/** The parts of a settings flow the profile screen reads (spec §3, §4 settings flow state). */
export interface SettingsFlow extends AuthFlow {
  /** The method of the last successful change (profile, password, oidc). */
  active?: string;
}

export function isAuthFlow(value: unknown): value is AuthFlow {
  const v = value as AuthFlow | null;
  return !!v && typeof v === 'object' && typeof v.id === 'string' && !!v.ui && Array.isArray(v.ui.nodes);
}
