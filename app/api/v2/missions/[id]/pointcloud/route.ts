import { handle } from '@/lib/server/api/handler';
import { generateMissionPointcloud, getMissionPointcloud } from '@/lib/server/datasets/mission-pointcloud';
import { requestContext } from '@/lib/server/domain/contexts';
import * as api from '@/lib/shared/api/endpoints/datasets';

export const dynamic = 'force-dynamic';

export const GET = handle(api.getMissionPointcloud, ({ params }, ctx) => getMissionPointcloud(requestContext(ctx), { missionId: params.id }));
export const POST = handle(api.generateMissionPointcloud, ({ params }, ctx) => generateMissionPointcloud(requestContext(ctx), { missionId: params.id }));
