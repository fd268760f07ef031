import { missionMay } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { showMission } from '@/lib/server/missions/show-mission';
import * as api from '@/lib/shared/api/endpoints/missions';

export const dynamic = 'force-dynamic';

export const POST = handle(api.showMission, { authorize: missionMay('hide'), run: ({ params, body }, ctx) => showMission(requestContext(ctx), { id: params.id, version: body?.version }) });
