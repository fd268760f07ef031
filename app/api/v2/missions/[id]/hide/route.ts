import { missionMay } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { hideMission } from '@/lib/server/missions/hide-mission';
import * as api from '@/lib/shared/api/endpoints/missions';

export const dynamic = 'force-dynamic';

export const POST = handle(api.hideMission, { authorize: missionMay('hide'), run: ({ params, body }, ctx) => hideMission(requestContext(ctx), { id: params.id, version: body?.version }) });
