import 'server-only';
import { cache } from 'react';
import { permissionsFor } from '@/lib/shared/auth/permission-table';
import type { PermissionSet } from '@/lib/shared/permissions';
import type { UserActor } from './actor';
import { permissionTableOf, rolePermissionTable } from './permission-store';

/**
 * The permission set of a user actor (spec §3, §6): the union of their roles' flags from the
 * stored role → permission table (the permissions screen edits it; a built-in role never edited
 * keeps its code default, docs/permissions.md). Read from the database for every request, so a
 * change applies to the next one; within one server render (layout, metadata and page ask for the
 * same actor) it is read once.
 */
export const permissionsOf = cache(async (actor: UserActor): Promise<PermissionSet> => {
  const table = actor.storedRoles ? permissionTableOf(actor.storedRoles) : await rolePermissionTable(actor.roles);
  return permissionsFor({ roles: actor.roles, customerNumber: actor.customerNumber ?? null }, table);
});
