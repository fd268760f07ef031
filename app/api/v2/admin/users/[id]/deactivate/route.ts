import { permitted } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { deactivateUser } from '@/lib/server/users/set-user-state';
import * as api from '@/lib/shared/api/endpoints/admin-users';

export const dynamic = 'force-dynamic';

export const POST = handle(api.deactivateUser, { authorize: permitted('UI.menu.userCenter'), run: async ({ params }, ctx) => deactivateUser(requestContext(ctx), { identityId: params.id }) });
