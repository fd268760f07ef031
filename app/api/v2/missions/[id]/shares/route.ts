import { missionMay } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { domainContext } from '@/lib/server/missions/domain-context';
import { listMissionShares } from '@/lib/server/missions/list-mission-shares';
import { shareMission } from '@/lib/server/missions/share-mission';
import * as api from '@/lib/shared/api/endpoints/missions';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listMissionShares, async ({ params }, ctx) => ({ items: await listMissionShares(domainContext(ctx), { missionId: params.id }) }));
export const POST = handle(api.shareMission, { authorize: missionMay('share'), run: ({ params, body }, ctx) => shareMission(domainContext(ctx), { missionId: params.id, customerId: body.customerId }) });
