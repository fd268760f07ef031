import { missionMay } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { getMission } from '@/lib/server/missions/get-mission';
import { updateMission } from '@/lib/server/missions/update-mission';
import * as api from '@/lib/shared/api/endpoints/missions';

export const dynamic = 'force-dynamic';

export const GET = handle(api.getMission, ({ params }, ctx) => getMission(requestContext(ctx), params));
export const PATCH = handle(api.updateMission, { authorize: missionMay('update'), run: ({ params, body }, ctx) => updateMission(requestContext(ctx), { ...body, id: params.id }) });
