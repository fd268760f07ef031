import 'server-only';
import type { z } from 'zod';
import { createRoleInput, type RoleDto } from '@/lib/shared/schemas/role';
import { recordAudit } from '../audit/record-audit';
import { loadRole } from '../auth/permission-store';
import { appRole } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { isUniqueViolation, parsedBy } from '../domain/validate';
import { AppError } from '../errors';
import { assertGrantable, assertLevel, ordered, permissionsEditor, toRoleDto } from './role-rules';

const taken = () => new AppError('conflict', 'a role with this name exists', { fields: { name: ['errors.admin.alreadyExists'] } }, 'errors.admin.roleNameTaken');

/** A new (custom) role with a user level at most the creator's and flags the creator has. */
export async function createRole(ctx: DomainContext, data: z.output<typeof createRoleInput>): Promise<RoleDto> {
  const own = await permissionsEditor(ctx);
  assertLevel(data.userLevel, own);
  const permissions = ordered(data.permissions);
  await assertGrantable(ctx, permissions);
  return inTransaction(ctx, async (tx) => {
    if (await loadRole(data.name, tx.db)) throw taken();
    const [row] = await tx.db
      .insert(appRole)
      .values({ name: data.name, userLevel: data.userLevel, permissions, builtIn: false })
      .returning()
      .catch((err: unknown) => {
        throw isUniqueViolation(err) ? taken() : err;
      });
    await recordAudit(tx, { entity: 'role', entityId: data.name, action: 'create', diff: { userLevel: data.userLevel, permissions } });
    return toRoleDto({ name: row!.name, builtIn: false, locked: false, userLevel: row!.userLevel, permissions, version: row!.version }, own);
  });
}

/** createRole for JSON-shaped input (tests, scripts): parsed with the endpoint's schema first. */
export const createRoleFromJson = parsedBy(createRoleInput, createRole);
