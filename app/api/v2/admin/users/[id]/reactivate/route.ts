import { permitted } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { domainContext } from '@/lib/server/missions/domain-context';
import { reactivateUser } from '@/lib/server/users/set-user-state';
import * as api from '@/lib/shared/api/endpoints/admin-users';

export const dynamic = 'force-dynamic';

export const POST = handle(api.reactivateUser, { authorize: permitted('UI.menu.userCenter'), run: async ({ params }, ctx) => reactivateUser(domainContext(ctx), { identityId: params.id }) });
