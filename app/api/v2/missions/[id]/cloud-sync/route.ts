import { missionMay } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { setMissionCloudSync } from '@/lib/server/missions/set-mission-cloud-sync';
import { startCloudUnsync } from '@/lib/server/storage-sync/start-operation';
import * as api from '@/lib/shared/api/endpoints/missions';
import * as storageApi from '@/lib/shared/api/endpoints/storage';

export const dynamic = 'force-dynamic';

export const POST = handle(api.setMissionCloudSync, { authorize: missionMay('cloudSync'), run: ({ params, body }, ctx) => setMissionCloudSync(requestContext(ctx), { ...body, id: params.id }) });
export const DELETE = handle(storageApi.unsyncMission, { authorize: missionMay('cloudSync'), run: ({ params }, ctx) => startCloudUnsync(requestContext(ctx), { missionId: params.id }) });
