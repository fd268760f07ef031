import { missionMay } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { holdMission } from '@/lib/server/missions/hold-mission';
import * as api from '@/lib/shared/api/endpoints/missions';

export const dynamic = 'force-dynamic';

export const POST = handle(api.holdMission, { authorize: missionMay('hold'), run: ({ params, body }, ctx) => holdMission(requestContext(ctx), { id: params.id, version: body?.version }) });
