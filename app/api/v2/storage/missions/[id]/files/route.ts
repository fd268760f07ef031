import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { listStoredFiles } from '@/lib/server/storage-sync/storage-overview';
import * as api from '@/lib/shared/api/endpoints/storage';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listStoredFiles, async ({ params }, ctx) => ({ items: await listStoredFiles(requestContext(ctx), { missionId: params.id }) }));
