import { missionMay } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { asInput, domainContext } from '@/lib/server/missions/domain-context';
import { getMission } from '@/lib/server/missions/get-mission';
import { updateMission } from '@/lib/server/missions/update-mission';
import type { UpdateMissionBody } from '@/lib/shared/schemas/mission-update';
import * as api from '@/lib/shared/api/endpoints/missions';

export const dynamic = 'force-dynamic';

export const GET = handle(api.getMission, ({ params }, ctx) => getMission(domainContext(ctx), params));
export const PATCH = handle(api.updateMission, { authorize: missionMay('update'), run: ({ params, body }, ctx) => updateMission(domainContext(ctx), { ...asInput<UpdateMissionBody>(body), id: params.id }) });
