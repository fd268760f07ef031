import { permitted } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { revokeUserSessions } from '@/lib/server/users/revoke-user-sessions';
import * as api from '@/lib/shared/api/endpoints/admin-users';

export const dynamic = 'force-dynamic';

export const DELETE = handle(api.revokeUserSessions, { authorize: permitted('UI.menu.userCenter'), run: async ({ params }, ctx) => {
  await revokeUserSessions(requestContext(ctx), { identityId: params.id });
  return null;
} });
