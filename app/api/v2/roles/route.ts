import { permitted } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { createRole } from '@/lib/server/roles/create-role';
import { listRoles } from '@/lib/server/roles/list-roles';
import * as api from '@/lib/shared/api/endpoints/admin-roles';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listRoles, async (_input, ctx) => listRoles(requestContext(ctx)));

export const POST = handle(api.createRole, { authorize: permitted('UI.misc.permissions'), run: async ({ body }, ctx) => createRole(requestContext(ctx), body) });
