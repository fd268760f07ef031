import { permitted } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { domainContext } from '@/lib/server/missions/domain-context';
import { revokeUserSessions } from '@/lib/server/users/revoke-user-sessions';
import * as api from '@/lib/shared/api/endpoints/admin-users';

export const dynamic = 'force-dynamic';

export const DELETE = handle(api.revokeUserSessions, { authorize: permitted('UI.menu.userCenter'), run: async ({ params }, ctx) => {
  await revokeUserSessions(domainContext(ctx), { identityId: params.id });
  return null;
} });
