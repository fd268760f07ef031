import { permitted } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { asInput, domainContext } from '@/lib/server/missions/domain-context';
import { deleteRole } from '@/lib/server/roles/delete-role';
import { updateRole } from '@/lib/server/roles/update-role';
import * as api from '@/lib/shared/api/endpoints/admin-roles';
import type { UpdateRoleInput } from '@/lib/shared/schemas/role';

export const dynamic = 'force-dynamic';

export const PATCH = handle(api.updateRole, { authorize: permitted('UI.misc.permissions'), run: async ({ params, body }, ctx) => updateRole(domainContext(ctx), { ...asInput<Omit<UpdateRoleInput, 'name'>>(body), name: params.name }) });

export const DELETE = handle(api.deleteRole, { authorize: permitted('UI.misc.permissions'), run: async ({ params }, ctx) => {
  await deleteRole(domainContext(ctx), { name: params.name });
  return null;
} });
