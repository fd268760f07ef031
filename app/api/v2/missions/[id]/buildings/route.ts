import { missionMay } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { createBuilding } from '@/lib/server/missions/create-building';
import { listMissionBuildings } from '@/lib/server/missions/list-mission-buildings';
import { replaceMissionPlan } from '@/lib/server/missions/replace-mission-plan';
import * as api from '@/lib/shared/api/endpoints/missions';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listMissionBuildings, async ({ params }, ctx) => ({ items: await listMissionBuildings(requestContext(ctx), { missionId: params.id }) }));
export const POST = handle(api.createBuilding, { authorize: missionMay('editBuildings'), run: ({ params, body }, ctx) => createBuilding(requestContext(ctx), { ...body, missionId: params.id }) });
export const PUT = handle(api.replaceMissionPlan, { authorize: missionMay('editBuildings'), run: async ({ params, body }, ctx) => ({ items: await replaceMissionPlan(requestContext(ctx), { ...body, missionId: params.id }) }) });
