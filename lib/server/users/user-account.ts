import 'server-only';
import type { Identity } from '@ory/client-fetch';
import { eq, inArray } from 'drizzle-orm';
import { rolesOf } from '@/lib/shared/auth/session-facts';
import type { UserAccount } from '@/lib/shared/schemas/admin-user';
import { appUser, company, customer } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { getIdentity, lastSignInOf, type IdentityTraits } from './identity-admin';

export interface ProfileJoin {
  identityId: string;
  displayName: string;
  company: { id: number; name: string } | null;
  customer: { id: number; customerNumber: number; name: string } | null;
}

/** The Argus profiles of these identities with their company and customer names. */
export async function profilesOf(ctx: DomainContext, identityIds: readonly string[]): Promise<Map<string, ProfileJoin>> {
  if (identityIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({
      identityId: appUser.identityId,
      displayName: appUser.displayName,
      companyId: company.id,
      companyName: company.name,
      customerId: customer.id,
      customerNumber: customer.customerNumber,
      customerName: customer.name,
    })
    .from(appUser)
    .leftJoin(company, eq(company.id, appUser.companyId))
    .leftJoin(customer, eq(customer.id, appUser.customerId))
    .where(inArray(appUser.identityId, [...identityIds]));
  return new Map(
    rows.map((r) => [
      r.identityId,
      {
        identityId: r.identityId,
        displayName: r.displayName,
        company: r.companyId !== null ? { id: r.companyId, name: r.companyName! } : null,
        customer: r.customerId !== null ? { id: r.customerId, customerNumber: r.customerNumber!, name: r.customerName! } : null,
      },
    ]),
  );
}

export const traitsOf = (identity: Identity) => (identity.traits ?? {}) as IdentityTraits;

/** The name Argus shows for an identity: first and last name, else the e-mail. */
export function displayNameOf(identity: Identity): string {
  const { email, name } = traitsOf(identity);
  return [name?.first, name?.last].filter((p) => p && p.trim()).join(' ').trim() || email || identity.id;
}

/** One row of the user center: the identity joined with its Argus profile. */
export function toUserAccount(identity: Identity, profile: ProfileJoin | undefined, lastSignInAt: string | null): UserAccount {
  const { email, name } = traitsOf(identity);
  return {
    identityId: identity.id,
    email: email ?? '',
    firstName: name?.first ?? '',
    lastName: name?.last ?? '',
    // spec §4: verified when the first verifiable address is.
    verified: identity.verifiable_addresses?.[0]?.verified === true,
    state: identity.state === 'inactive' ? 'inactive' : 'active',
    company: profile?.company ?? null,
    customer: profile?.customer ?? null,
    roles: rolesOf(identity.metadata_public),
    lastSignInAt,
    createdAt: identity.created_at ? new Date(identity.created_at).toISOString() : null,
  };
}

/** One user as the user center shows it, read fresh from the identity service and the database. */
export async function loadUserAccount(ctx: DomainContext, identityId: string, identity?: Identity): Promise<UserAccount> {
  const current = identity ?? (await getIdentity(identityId));
  const [profiles, lastSignIn] = await Promise.all([profilesOf(ctx, [identityId]), lastSignInOf(identityId)]);
  return toUserAccount(current, profiles.get(identityId), lastSignIn);
}
