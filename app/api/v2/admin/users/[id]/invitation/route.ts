import { permitted } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { reissueInvitation } from '@/lib/server/users/reissue-invitation';
import * as api from '@/lib/shared/api/endpoints/admin-users';

export const dynamic = 'force-dynamic';

export const POST = handle(api.reissueInvitation, { authorize: permitted('UI.menu.userCenter'), run: async ({ params }, ctx) => reissueInvitation(requestContext(ctx), { identityId: params.id }) });
