import 'server-only';
import type { Session } from '@ory/client-fetch';
import { eq, or, sql } from 'drizzle-orm';
import { headers } from 'next/headers';
import { cache } from 'react';
import { sessionFacts, type SessionFacts } from '@/lib/shared/auth/session-facts';
import { builtOnce } from '../db/built-once';
import { db, type Db } from '../db/client';
import { appUser, customer } from '../db/schema';
import { whoami } from '../identity/whoami';
import { openSession, SESSION_HANDOFF_HEADER } from '../identity/session-handoff';
import { isUniqueViolation } from '../domain/validate';
import { AppError } from '../errors';
import { upsertUserProfile } from '../users/upsert-user-profile';
import { systemContext } from '../domain/contexts';
import type { UserActor } from './actor';
import { roleRowsColumn, storedRoles } from './permission-store';

/** The signed-in user of a request: the identity session, what Argus reads from it, and the domain actor. */
export interface CurrentUser {
  session: Session;
  facts: SessionFacts;
  actor: UserActor;
}

function displayName(session: Session, email: string): string {
  const name = (session.identity?.traits as { name?: { first?: string; last?: string } } | undefined)?.name;
  return [name?.first, name?.last].filter((p) => p && p.trim()).join(' ').trim() || email;
}

/** What the profile mirrors from the identity: its current name and address, and whether pickers may offer it. */
function mirrored(session: Session, facts: SessionFacts) {
  const email = facts.email ?? `${facts.identityId}@identity.invalid`;
  return { email, displayName: displayName(session, email), assignable: facts.verified && facts.roles.length > 0, roles: [...facts.roles].sort() };
}

/**
 * The profile row of an identity, with the stored definitions of the session's roles (the
 * permissions every request checks): read on every request and page render, so built once
 * (built-once.ts), and in one round trip.
 */
const storedProfile = builtOnce((handle: Db) =>
  handle
    .select({
      companyId: appUser.companyId,
      customerId: appUser.customerId,
      email: appUser.email,
      displayName: appUser.displayName,
      assignable: appUser.assignable,
      roles: appUser.roles,
      roleRows: roleRowsColumn(sql.placeholder('roles')),
    })
    .from(appUser)
    .where(eq(appUser.identityId, sql.placeholder('identityId'))),
);

/**
 * The Argus profile of the identity (company, customer). A user seen for the first time gets one,
 * linked to the customer their metadata_public names (customer_uuid, else customerID). Name,
 * e-mail, roles and "assignable" follow the identity at every visit, so the pickers show a name edited
 * in the profile and offer only verified users with a role.
 */
async function profileOf(session: Session, facts: SessionFacts): Promise<Pick<UserActor, 'companyId' | 'customerId' | 'storedRoles'>> {
  const stored = async () => (await storedProfile(db()).execute({ identityId: facts.identityId, roles: facts.roles }))[0];
  const row = await stored();
  if (row) {
    await mirror(facts.identityId, row, mirrored(session, facts));
    return { companyId: row.companyId, customerId: row.customerId, storedRoles: storedRoles(row.roleRows, facts.roles) };
  }
  try {
    return await createProfile(session, facts);
  } catch (err) {
    // Two first requests of a new user (a page and its API calls) race to create the profile: the loser reads the winner's.
    if (isUniqueViolation(err, 'app_user_pkey')) {
      const winner = (await stored())!;
      return { companyId: winner.companyId, customerId: winner.customerId, storedRoles: storedRoles(winner.roleRows, facts.roles) };
    }
    throw err;
  }
}

/** Writes the mirrored fields when the identity changed (no version bump: staff never edit these). */
async function mirror(identityId: string, row: { email: string; displayName: string; assignable: boolean; roles: string[] }, wanted: ReturnType<typeof mirrored>) {
  const emailChanged = row.email.toLowerCase() !== wanted.email.toLowerCase();
  const rolesChanged = row.roles.join() !== wanted.roles.join();
  if (!emailChanged && !rolesChanged && row.displayName === wanted.displayName && row.assignable === wanted.assignable) return;
  const write = (email: boolean) =>
    db()
      .update(appUser)
      .set({ displayName: wanted.displayName, assignable: wanted.assignable, roles: wanted.roles, ...(email && { email: wanted.email }) })
      .where(eq(appUser.identityId, identityId));
  try {
    await write(emailChanged);
  } catch (err) {
    // Another profile still holds the address (a stale invitation): keep the old one, mirror the rest.
    if (!isUniqueViolation(err, 'app_user_email_key')) throw err;
    await write(false);
  }
}

async function createProfile(session: Session, facts: SessionFacts) {
  const match = [
    ...(facts.customerUuid ? [eq(customer.uuid, facts.customerUuid)] : []),
    ...(facts.customerNumber !== null ? [eq(customer.customerNumber, facts.customerNumber)] : []),
  ];
  const [linked] = match.length
    ? await db().select({ id: customer.id, companyId: customer.companyId }).from(customer).where(or(...match)).limit(1)
    : [];
  const email = facts.email ?? `${facts.identityId}@identity.invalid`;
  const created = await upsertUserProfile(
    systemContext(),
    { identityId: facts.identityId, email, displayName: displayName(session, email), companyId: linked?.companyId ?? null, customerId: linked?.id ?? null },
  );
  await mirror(facts.identityId, { email: created.email, displayName: created.displayName, assignable: false, roles: [] }, mirrored(session, facts));
  return { companyId: created.companyId, customerId: created.customerId };
}

/** The API's answer to a signed-in user whose address is not verified (the guard's rule 5). */
export const unverified = () =>
  new AppError('not_authorized', 'Your e-mail address is not verified yet: confirm it with the code we sent you (/auth/verify) before using Argus', { reason: 'unverified' }, 'errors.admin.unverified');

/**
 * Resolves the user the given Cookie header belongs to; null when nobody is signed in. A user
 * whose address is not verified is refused (403 not_authorized), as the route guard sends them
 * to /auth/verify from every page (spec §2 rule 5): the API must not be the way around it. The
 * verify screen needs no /api/v2 endpoint of a user (only the identity service and the public
 * config, maintenance and notifications). Pages pass `allowUnverified` to redirect instead.
 */
export async function resolveUser(cookie: string | null, options: { allowUnverified?: boolean; handoff?: string | null } = {}): Promise<CurrentUser | null> {
  const session = await sessionOf(cookie, options.handoff);
  if (!session?.identity) return null;
  const facts = sessionFacts(session);
  if (!facts.verified && !options.allowUnverified) throw unverified();
  const profile = await profileOf(session, facts);
  return {
    session,
    facts,
    actor: { kind: 'user', identityId: facts.identityId, roles: facts.roles, customerNumber: facts.customerNumber, ...profile },
  };
}

/**
 * The identity session of these cookies: the one the route guard checked and signed over to this
 * request (`handoff`, lib/server/identity/session-handoff.ts) if valid, else whoami's answer.
 */
export async function sessionOf(cookie: string | null, handoff?: string | null): Promise<Session | null> {
  const handed = openSession(handoff, cookie);
  return handed ? handed.session : whoami(cookie);
}

/** The session of this page render (see sessionOf), asked for once per request. */
export const currentSession = cache(async (): Promise<Session | null> => {
  const h = await headers();
  return sessionOf(h.get('cookie'), h.get(SESSION_HANDOFF_HEADER));
});

/** The current user of this server render, resolved once per request (ARCHITECTURE §3 lib/server/auth). */
export const currentUser = cache(async (): Promise<CurrentUser | null> => {
  const h = await headers();
  return resolveUser(h.get('cookie'), { allowUnverified: true, handoff: h.get(SESSION_HANDOFF_HEADER) });
});
