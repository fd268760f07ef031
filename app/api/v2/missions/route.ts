import { permitted } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { createMission } from '@/lib/server/missions/create-mission';
import { listMissions } from '@/lib/server/missions/list-missions';
import * as api from '@/lib/shared/api/endpoints/missions';

export const dynamic = 'force-dynamic';

// The list's rows are built field by field by the verb (toListItem), checked against the schema by its tests.
export const GET = handle(api.listMissions, { run: ({ query }, ctx) => listMissions(requestContext(ctx), query), shapedByVerb: true });
export const POST = handle(api.createMission, { authorize: permitted('UI.menu.planner'), run: ({ body }, ctx) => createMission(requestContext(ctx), body) });
