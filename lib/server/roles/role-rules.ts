import 'server-only';
import { PERMISSION_FLAGS, type PermissionFlag } from '@/lib/shared/auth/permission-table';
import type { RoleDto } from '@/lib/shared/schemas/role';
import { levelOf, type StoredRole } from '../auth/permission-store';
import { permissionsOf } from '../auth/permissions';
import { hasFlag, requirePermission } from '../auth/require-permission';
import type { DomainContext } from '../domain/context';
import { encodeKey } from '@/lib/shared/validation/issue';
import { AppError } from '../errors';

export const toRoleDto = (role: StoredRole, ownLevel: number): RoleDto => ({ ...role, manageable: role.userLevel <= ownLevel });

/** The lock of every permissions-screen verb, and the actor's level for the rank checks. */
export async function permissionsEditor(ctx: DomainContext): Promise<number> {
  await requirePermission(ctx.actor, 'UI.misc.permissions');
  return levelOf(ctx.actor, ctx.db);
}

export const roleNotFound = () => new AppError('not_found', 'role not found', undefined, 'errors.admin.roleNotFound');

/** Nobody ranks a role above themselves. */
export function assertLevel(level: number, own: number): void {
  if (level > own) throw new AppError('not_authorized', 'you may not manage roles above your own user level', { fields: { userLevel: [encodeKey('errors.admin.atMostLevel', { max: own })] } }, 'errors.admin.roleAboveLevel');
}

/** A role can only be given flags its editor has: the screen grants no more than its user holds. */
export async function assertGrantable(ctx: DomainContext, added: readonly PermissionFlag[]): Promise<void> {
  if (ctx.actor.kind === 'system' || added.length === 0) return;
  if (ctx.actor.kind !== 'user') throw new AppError('not_authorized', 'only users grant permissions');
  const own = await permissionsOf(ctx.actor);
  const missing = added.filter((flag) => !hasFlag(own, flag));
  if (missing.length) throw new AppError('not_authorized', `you may not grant permissions you do not have: ${missing.join(', ')}`, undefined, encodeKey('errors.admin.permissionsNotHeld', { permissions: missing.join(', ') }));
}

/** Flags in the code's order, so stored lists compare and show consistently. */
export const ordered = (flags: readonly PermissionFlag[]) => PERMISSION_FLAGS.filter((f) => flags.includes(f));
