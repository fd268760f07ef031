import { handle } from '@/lib/server/api/handler';
import { blurringQueue } from '@/lib/server/blurring/blurring-queue';
import { requestContext } from '@/lib/server/domain/contexts';
import * as api from '@/lib/shared/api/endpoints/blurring';

export const dynamic = 'force-dynamic';

export const GET = handle(api.blurringQueue, async ({ query }, ctx) => ({ items: await blurringQueue(requestContext(ctx), query) }));
