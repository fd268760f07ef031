import type { Session } from '@ory/client-fetch';

/** Who the shell says is signed in. */
export interface ShellUser {
  /** First and last name from the identity's traits; empty when the identity has none. */
  name: string;
  email: string;
}

export function shellUser(session: Pick<Session, 'identity'>): ShellUser {
  const traits = (session.identity?.traits ?? {}) as { email?: unknown; name?: { first?: unknown; last?: unknown } };
  const part = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  return {
    name: [part(traits.name?.first), part(traits.name?.last)].filter(Boolean).join(' '),
    email: typeof traits.email === 'string' ? traits.email : '',
  };
}
