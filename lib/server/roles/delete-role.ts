import 'server-only';
import { eq } from 'drizzle-orm';
import { rolesOf } from '@/lib/shared/auth/session-facts';
import { recordAudit } from '../audit/record-audit';
import { loadRole } from '../auth/permission-store';
import { appRole } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { encodeKey } from '@/lib/shared/validation/issue';
import { AppError } from '../errors';
import { allIdentities } from '../users/identity-admin';
import { assertLevel, permissionsEditor, roleNotFound } from './role-rules';

/**
 * Deletes a custom role. Built-in roles cannot be deleted, and neither can a role still assigned
 * to a user (their metadata_public would name a role that grants nothing): 409 with the count.
 */
export async function deleteRole(ctx: DomainContext, { name }: { name: string }): Promise<void> {
  const own = await permissionsEditor(ctx);
  const role = await loadRole(name, ctx.db);
  if (!role) throw roleNotFound();
  if (role.builtIn) throw new AppError('conflict', 'built-in roles cannot be deleted', { reason: 'built_in' }, 'errors.admin.builtInRole');
  assertLevel(role.userLevel, own);
  const holders = (await allIdentities()).filter((identity) => rolesOf(identity.metadata_public).includes(name)).length;
  if (holders > 0) throw new AppError('conflict', `the role is still assigned to ${holders} user(s)`, { reason: 'assigned', users: holders }, encodeKey('errors.admin.roleAssigned', { users: holders }));
  await inTransaction(ctx, async (tx) => {
    await tx.db.delete(appRole).where(eq(appRole.name, name));
    await recordAudit(tx, { entity: 'role', entityId: name, action: 'delete', diff: { userLevel: role.userLevel, permissions: role.permissions } });
  });
}
