import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { dismissMyNotification } from '@/lib/server/notifications/dismiss-my-notification';
import * as api from '@/lib/shared/api/endpoints/my-notifications';

export const dynamic = 'force-dynamic';

export const POST = handle(api.dismissMyNotification, async ({ params }, ctx) => {
  await dismissMyNotification(requestContext(ctx), params);
  return null;
});
