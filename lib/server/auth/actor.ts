import 'server-only';
import { isInternalRoles } from '@/lib/shared/auth/roles';
import type { StoredRole } from './permission-store';

/**
 * Who performs a domain verb. `system` is the application itself (seed, jobs, migrations of data);
 * `user` is a signed-in identity with its roles (spec §6, from the session's metadata_public) and
 * its Argus profile's company and customer.
 */
export type Actor =
  | { kind: 'system' }
  /** An external processing system (SLAM) acting with its bearer token: it reads missions and uploads results. */
  | { kind: 'processor'; processorId: number; name: string }
  | {
      kind: 'user';
      identityId: string;
      roles: string[];
      companyId: number | null;
      customerId: number | null;
      /** The session's customerID (spec §3), when the identity carries one. */
      customerNumber?: number | null;
      /** The stored definitions of `roles`, when the request read them with the profile (current-user.ts). */
      storedRoles?: readonly StoredRole[];
    };

export type UserActor = Extract<Actor, { kind: 'user' }>;

export const SYSTEM_ACTOR: Actor = { kind: 'system' };

/** spec §6: internal means the role admin or advanced. */
export function isInternal(actor: Actor): boolean {
  return actor.kind === 'user' && isInternalRoles(actor.roles);
}

/** The system and internal users may act on every tenant's data. */
export function seesAllTenants(actor: Actor): boolean {
  return actor.kind === 'system' || isInternal(actor);
}

/** The identity id recorded as author (created by, shared by, audit actor); null for the system. */
export function actorId(actor: Actor): string | null {
  return actor.kind === 'user' ? actor.identityId : null;
}
