import 'server-only';
import { PERMISSION_FLAGS } from '@/lib/shared/auth/permission-table';
import type { RoleList } from '@/lib/shared/schemas/role';
import { loadRoles } from '../auth/permission-store';
import type { DomainContext } from '../domain/context';
import { permissionsEditor, toRoleDto } from './role-rules';

/** The permissions screen: every role (built-in and custom, by level) with its flags and user level. */
export async function listRoles(ctx: DomainContext): Promise<RoleList> {
  const own = await permissionsEditor(ctx);
  const roles = await loadRoles(undefined, ctx.db);
  return { items: roles.map((r) => toRoleDto(r, own)), flags: [...PERMISSION_FLAGS], ownLevel: Number.isFinite(own) ? own : 100 };
}
