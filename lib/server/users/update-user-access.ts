import 'server-only';
import { rolesOf } from '@/lib/shared/auth/session-facts';
import type { z } from 'zod';
import { updateUserAccessInput, type UserAccount } from '@/lib/shared/schemas/admin-user';
import { recordAudit } from '../audit/record-audit';
import { requirePermission } from '../auth/require-permission';
import { inTransaction, type DomainContext } from '../domain/context';
import { parsedBy } from '../domain/validate';
import { AppError } from '../errors';
import { accessMetadata, assertAssignable, assertMayManage, resolveTenant } from './access-rules';
import { getIdentity, patchIdentity } from './identity-admin';
import { displayNameOf, loadUserAccount, traitsOf } from './user-account';
import { writeProfile } from './write-profile';

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Assigns a user's company, customer (number) and roles in one step (issue 8 item 3): the Argus
 * profile's company and customer, and the identity's metadata_public `roles`, `role`, `customerID`
 * and `customer_uuid` (spec §3). The profile write and its audit event commit only when the
 * identity service accepted the metadata. Roles added or removed must rank at most the actor's
 * level; nobody changes their own roles.
 */
export async function updateUserAccess(ctx: DomainContext, data: z.output<typeof updateUserAccessInput>): Promise<UserAccount> {
  await requirePermission(ctx.actor, 'UI.menu.userCenter');
  const identity = await getIdentity(data.identityId);
  const before = rolesOf(identity.metadata_public);
  await assertMayManage(ctx, before);
  const rolesChanged = !sameSet(before, data.roles);
  if (rolesChanged && ctx.actor.kind === 'user' && ctx.actor.identityId === data.identityId) throw new AppError('not_authorized', 'you cannot change your own roles', undefined, 'errors.admin.ownRoles');
  await assertAssignable(ctx, [...data.roles.filter((r) => !before.includes(r)), ...before.filter((r) => !data.roles.includes(r))]);
  const tenant = await resolveTenant(ctx, data);

  const updated = await inTransaction(ctx, async (tx) => {
    const diff = await writeProfile(tx, {
      identityId: identity.id,
      email: traitsOf(identity).email ?? `${identity.id}@identity.invalid`,
      displayName: displayNameOf(identity),
      companyId: tenant.companyId,
      customerId: tenant.customer?.id ?? null,
    });
    const metadata = accessMetadata(identity.metadata_public, data.roles, tenant);
    if (rolesChanged) diff.roles = [before, data.roles];
    const customerNumber = (identity.metadata_public as { customerID?: unknown } | null)?.customerID ?? null;
    if (customerNumber !== (metadata.customerID ?? null)) diff.customerNumber = [customerNumber, metadata.customerID ?? null];
    await recordAudit(tx, { entity: 'user', entityId: identity.id, action: 'update_access', diff });
    // Last: a refusal of the identity service rolls the profile and the audit event back.
    return patchIdentity(identity.id, [{ op: 'add', path: '/metadata_public', value: metadata }]);
  });
  return loadUserAccount(ctx, identity.id, updated);
}

/** updateUserAccess for JSON-shaped input (tests, scripts): parsed with the endpoint's schema first. */
export const updateUserAccessFromJson = parsedBy(updateUserAccessInput, updateUserAccess);
