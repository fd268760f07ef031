import 'server-only';
import type { z } from 'zod';
import { userAccountQuery, type UserAccount, type UserAccountList } from '@/lib/shared/schemas/admin-user';
import { levelOf, loadRoles } from '../auth/permission-store';
import { requirePermission } from '../auth/require-permission';
import type { DomainContext } from '../domain/context';
import { parsedBy } from '../domain/validate';
import { allIdentities, lastSignInOf } from './identity-admin';
import { profilesOf, toUserAccount } from './user-account';

const haystack = (u: UserAccount) =>
  [u.email, u.firstName, u.lastName, u.company?.name, u.customer?.name, u.customer?.customerNumber, ...u.roles].filter((v) => v !== undefined && v !== null).join('\n').toLowerCase();

const sortKey = (u: UserAccount) => `${u.lastName}\u0000${u.firstName}\u0000${u.email}`.toLowerCase();

/**
 * The user center list (issue 8 item 3): every identity of the identity service joined with its
 * Argus profile, searched over name, e-mail, company, customer (name or number) and roles, sorted
 * by name and paged. Last sign-in is looked up for the rows of the page only. Needs the userCenter flag.
 */
export async function listUserAccounts(ctx: DomainContext, q: z.output<typeof userAccountQuery>): Promise<UserAccountList> {
  await requirePermission(ctx.actor, 'UI.menu.userCenter');
  const identities = await allIdentities();
  const profiles = await profilesOf(ctx, identities.map((i) => i.id));
  const needle = q.q?.toLowerCase();
  const matching = identities
    .map((identity) => ({ identity, account: toUserAccount(identity, profiles.get(identity.id), null) }))
    .filter(({ account }) => !needle || haystack(account).includes(needle))
    .sort((a, b) => sortKey(a.account).localeCompare(sortKey(b.account)));
  const page = matching.slice((q.page - 1) * q.pageSize, q.page * q.pageSize);
  const items = await Promise.all(page.map(async ({ account }) => ({ ...account, lastSignInAt: await lastSignInOf(account.identityId) })));
  const [own, roles] = await Promise.all([levelOf(ctx.actor, ctx.db), loadRoles(undefined, ctx.db)]);
  return {
    items,
    total: matching.length,
    page: q.page,
    pageSize: q.pageSize,
    roles: roles.map((r) => ({ name: r.name, userLevel: r.userLevel, assignable: r.userLevel <= own })),
  };
}

/** For tests and scripts holding JSON-shaped or partial input: parsed, with its defaults, first. */
export const listUserAccountsFromJson = parsedBy(userAccountQuery, listUserAccounts);
