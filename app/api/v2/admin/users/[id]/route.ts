import { permitted } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { updateUserAccess } from '@/lib/server/users/update-user-access';
import * as api from '@/lib/shared/api/endpoints/admin-users';

export const dynamic = 'force-dynamic';

export const PATCH = handle(api.updateUserAccess, { authorize: permitted('UI.menu.userCenter'), run: async ({ params, body }, ctx) =>
  updateUserAccess(requestContext(ctx), { ...body, identityId: params.id }),
 });
