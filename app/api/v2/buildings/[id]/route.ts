import { buildingMissionMay } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { deleteBuilding } from '@/lib/server/missions/delete-building';
import { updateBuilding } from '@/lib/server/missions/update-building';
import * as api from '@/lib/shared/api/endpoints/missions';

export const dynamic = 'force-dynamic';

export const PATCH = handle(api.updateBuilding, { authorize: buildingMissionMay('editBuildings'), run: ({ params, body }, ctx) => updateBuilding(requestContext(ctx), { ...body, id: params.id }) });
export const DELETE = handle(api.deleteBuilding, { authorize: buildingMissionMay('editBuildings'), run: async ({ params }, ctx) => {
  await deleteBuilding(requestContext(ctx), { id: params.id });
  return null;
} });
