import { permitted } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { domainContext } from '@/lib/server/missions/domain-context';
import { reissueInvitation } from '@/lib/server/users/reissue-invitation';
import * as api from '@/lib/shared/api/endpoints/admin-users';

export const dynamic = 'force-dynamic';

export const POST = handle(api.reissueInvitation, { authorize: permitted('UI.menu.userCenter'), run: async ({ params }, ctx) => reissueInvitation(domainContext(ctx), { identityId: params.id }) });
