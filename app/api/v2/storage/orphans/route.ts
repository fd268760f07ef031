import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { cloudStorage } from '@/lib/server/storage/cloud';
import { listOrphans } from '@/lib/server/storage-sync/orphans';
import * as api from '@/lib/shared/api/endpoints/storage';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listOrphans, async (_input, ctx) => ({ items: await listOrphans(requestContext(ctx), cloudStorage()) }));
