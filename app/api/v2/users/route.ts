import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { listUsers } from '@/lib/server/users/list-users';
import * as api from '@/lib/shared/api/endpoints/pickers';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listUsers, async ({ query }, ctx) => ({ items: await listUsers(requestContext(ctx), query) }));
