import { missionMay } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { domainContext } from '@/lib/server/missions/domain-context';
import { resumeMission } from '@/lib/server/missions/resume-mission';
import * as api from '@/lib/shared/api/endpoints/missions';

export const dynamic = 'force-dynamic';

export const POST = handle(api.resumeMission, { authorize: missionMay('hold'), run: ({ params, body }, ctx) => resumeMission(domainContext(ctx), { id: params.id, version: body?.version }) });
