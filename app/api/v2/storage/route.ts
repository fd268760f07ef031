import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { storageOverview } from '@/lib/server/storage-sync/storage-overview';
import * as api from '@/lib/shared/api/endpoints/storage';

export const dynamic = 'force-dynamic';

export const GET = handle(api.storageOverview, (_input, ctx) => storageOverview(requestContext(ctx)));
