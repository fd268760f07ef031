import { missionMay } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { domainContext } from '@/lib/server/missions/domain-context';
import { reopenMission } from '@/lib/server/missions/reopen-mission';
import * as api from '@/lib/shared/api/endpoints/missions';

export const dynamic = 'force-dynamic';

export const POST = handle(api.reopenMission, { authorize: missionMay('close'), run: ({ params, body }, ctx) => reopenMission(domainContext(ctx), { id: params.id, version: body?.version }) });
