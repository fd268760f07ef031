import { permitted } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { deleteRole } from '@/lib/server/roles/delete-role';
import { updateRole } from '@/lib/server/roles/update-role';
import * as api from '@/lib/shared/api/endpoints/admin-roles';

export const dynamic = 'force-dynamic';

export const PATCH = handle(api.updateRole, { authorize: permitted('UI.misc.permissions'), run: async ({ params, body }, ctx) => updateRole(requestContext(ctx), { ...body, name: params.name }) });

export const DELETE = handle(api.deleteRole, { authorize: permitted('UI.misc.permissions'), run: async ({ params }, ctx) => {
  await deleteRole(requestContext(ctx), { name: params.name });
  return null;
} });
