import 'server-only';

/**
 * Who performs a domain verb. `system` is the application itself (seed, jobs, migrations of data);
 * `user` is a signed-in identity with its roles (spec §6, from the session's metadata_public) and
 * its Argus profile's company and customer.
 */
export type Actor =
  | { kind: 'system' }
  | { kind: 'user'; identityId: string; roles: string[]; companyId: number | null; customerId: number | null };

export type UserActor = Extract<Actor, { kind: 'user' }>;

export const SYSTEM_ACTOR: Actor = { kind: 'system' };

/** spec §6: internal means the role admin or advanced. */
export const INTERNAL_ROLES = ['admin', 'advanced'] as const;

export function isInternal(actor: Actor): boolean {
  return actor.kind === 'user' && actor.roles.some((r) => (INTERNAL_ROLES as readonly string[]).includes(r));
}

/** The system and internal users may act on every tenant's data. */
export function seesAllTenants(actor: Actor): boolean {
  return actor.kind === 'system' || isInternal(actor);
}

/** The identity id recorded as author (created by, shared by, audit actor); null for the system. */
export function actorId(actor: Actor): string | null {
  return actor.kind === 'user' ? actor.identityId : null;
}
