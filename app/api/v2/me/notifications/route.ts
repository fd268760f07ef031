import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { listMyNotifications } from '@/lib/server/notifications/list-my-notifications';
import * as api from '@/lib/shared/api/endpoints/my-notifications';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listMyNotifications, async ({ query }, ctx) => ({ items: await listMyNotifications(requestContext(ctx), query) }));
