import 'server-only';
import { permissionsFor } from '@/lib/shared/auth/permission-table';
import type { PermissionSet } from '@/lib/shared/permissions';
import type { UserActor } from './actor';
import { rolePermissionTable } from './permission-store';

/**
 * The permission set of a user actor (spec §3, §6): the union of their roles' flags from the
 * stored role → permission table (the permissions screen edits it; a built-in role never edited
 * keeps its code default, docs/permissions.md). Read from the database on every call, so a change
 * applies to the next request.
 */
export async function permissionsOf(actor: UserActor): Promise<PermissionSet> {
  const table = await rolePermissionTable(actor.roles);
  return permissionsFor({ roles: actor.roles, customerNumber: actor.customerNumber ?? null }, table);
}
