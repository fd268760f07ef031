import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { LOCKED_ROLE, updateRoleInput, type RoleDto } from '@/lib/shared/schemas/role';
import { recordAudit } from '../audit/record-audit';
import { loadRole } from '../auth/permission-store';
import { appRole } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { isUniqueViolation, parsedBy } from '../domain/validate';
import { AppError, versionConflict } from '../errors';
import { assertGrantable, assertLevel, ordered, permissionsEditor, roleNotFound, toRoleDto } from './role-rules';

/**
 * Changes a role's flags and/or user level on the permissions screen. The stored table is what
 * GET /api/v2/permission reads, so the change applies to every holder's next request. A built-in
 * role gets its row on its first edit; the admin role cannot be changed.
 */
export async function updateRole(ctx: DomainContext, data: z.output<typeof updateRoleInput>): Promise<RoleDto> {
  const own = await permissionsEditor(ctx);
  return inTransaction(ctx, async (tx) => {
    const role = await loadRole(data.name, tx.db);
    if (!role) throw roleNotFound();
    if (role.name === LOCKED_ROLE) throw new AppError('conflict', 'the admin role always has every permission and cannot be changed', undefined, 'errors.admin.adminRoleLocked');
    assertLevel(role.userLevel, own);
    if (data.version !== role.version) throw versionConflict('role');
    const permissions = data.permissions ? ordered(data.permissions) : role.permissions;
    const userLevel = data.userLevel ?? role.userLevel;
    assertLevel(userLevel, own);
    await assertGrantable(ctx, permissions.filter((f) => !role.permissions.includes(f)));

    const values = { permissions, userLevel };
    const rows =
      role.version === 0
        ? await tx.db
            .insert(appRole)
            .values({ name: role.name, builtIn: true, ...values })
            .returning()
            .catch((err: unknown) => {
              // Someone else edited the default first.
              if (isUniqueViolation(err)) throw versionConflict('role');
              throw err;
            })
        : await tx.db
            .update(appRole)
            .set({ ...values, updatedAt: sql`now()`, version: sql`${appRole.version} + 1` })
            .where(and(eq(appRole.name, role.name), eq(appRole.version, role.version)))
            .returning();
    if (!rows[0]) throw versionConflict('role');
    const diff: Record<string, [unknown, unknown]> = {};
    if (userLevel !== role.userLevel) diff.userLevel = [role.userLevel, userLevel];
    if (permissions.join() !== role.permissions.join()) diff.permissions = [role.permissions, permissions];
    await recordAudit(tx, { entity: 'role', entityId: role.name, action: 'update', diff });
    return toRoleDto({ ...role, ...values, version: rows[0].version }, own);
  });
}

/** updateRole for JSON-shaped input (tests, scripts): parsed with the endpoint's schema first. */
export const updateRoleFromJson = parsedBy(updateRoleInput, updateRole);
