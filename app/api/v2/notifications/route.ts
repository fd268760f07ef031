import { db } from '@/lib/server/db/client';
import { handle } from '@/lib/server/api/handler';
import { activeBroadcasts } from '@/lib/server/notifications/active-notifications';
import { notifications } from '@/lib/shared/api/endpoints/platform';

export const dynamic = 'force-dynamic';

export const GET = handle(notifications, async ({ query }) => ({ items: await activeBroadcasts(db(), query.channel, query.locale) }));
