import { missionMay } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { setMissionCloudSync } from '@/lib/server/missions/set-mission-cloud-sync';
import * as api from '@/lib/shared/api/endpoints/missions';

export const dynamic = 'force-dynamic';

export const POST = handle(api.setMissionCloudSync, { authorize: missionMay('cloudSync'), run: ({ params, body }, ctx) => setMissionCloudSync(requestContext(ctx), { ...body, id: params.id }) });
