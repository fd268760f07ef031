import { missionMay } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { listMissionShares } from '@/lib/server/missions/list-mission-shares';
import { shareMission } from '@/lib/server/missions/share-mission';
import * as api from '@/lib/shared/api/endpoints/missions';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listMissionShares, async ({ params }, ctx) => ({ items: await listMissionShares(requestContext(ctx), { missionId: params.id }) }));
export const POST = handle(api.shareMission, { authorize: missionMay('share'), run: ({ params, body }, ctx) => shareMission(requestContext(ctx), { missionId: params.id, customerId: body.customerId }) });
