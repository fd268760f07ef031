import { missionMay } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { closeMission } from '@/lib/server/missions/close-mission';
import * as api from '@/lib/shared/api/endpoints/missions';

export const dynamic = 'force-dynamic';

export const POST = handle(api.closeMission, { authorize: missionMay('close'), run: ({ params, body }, ctx) => closeMission(requestContext(ctx), { id: params.id, version: body?.version }) });
