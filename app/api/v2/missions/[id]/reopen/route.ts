import { missionMay } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { reopenMission } from '@/lib/server/missions/reopen-mission';
import * as api from '@/lib/shared/api/endpoints/missions';

export const dynamic = 'force-dynamic';

export const POST = handle(api.reopenMission, { authorize: missionMay('close'), run: ({ params, body }, ctx) => reopenMission(requestContext(ctx), { id: params.id, version: body?.version }) });
