import { permitted } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { inviteUser } from '@/lib/server/users/invite-user';
import { listUserAccounts } from '@/lib/server/users/list-user-accounts';
import * as api from '@/lib/shared/api/endpoints/admin-users';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listUserAccounts, async ({ query }, ctx) => listUserAccounts(requestContext(ctx), query));

export const POST = handle(api.inviteUser, { authorize: permitted('UI.menu.userCenter'), run: async ({ body }, ctx) => inviteUser(requestContext(ctx), body) });
