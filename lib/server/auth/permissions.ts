import 'server-only';
import { permissionsFor } from '@/lib/shared/auth/permission-table';
import type { PermissionSet } from '@/lib/shared/permissions';
import type { UserActor } from './actor';

/**
 * The permission set of a user actor (spec §3, §6). The role → permission table is the code
 * default for now (docs/permissions.md); the permissions screen will load it from the database here.
 */
export async function permissionsOf(actor: UserActor): Promise<PermissionSet> {
  return permissionsFor({ roles: actor.roles, customerNumber: actor.customerNumber ?? null });
}
