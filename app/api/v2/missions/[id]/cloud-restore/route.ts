import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { startCloudRestore } from '@/lib/server/storage-sync/start-operation';
import * as api from '@/lib/shared/api/endpoints/storage';

export const dynamic = 'force-dynamic';

export const POST = handle(api.restoreMissionFromCloud, ({ params }, ctx) => startCloudRestore(requestContext(ctx), { missionId: params.id }));
