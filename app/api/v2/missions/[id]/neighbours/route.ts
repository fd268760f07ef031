import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { getMissionNeighbours } from '@/lib/server/missions/get-mission-neighbours';
import * as api from '@/lib/shared/api/endpoints/missions';

export const dynamic = 'force-dynamic';

export const GET = handle(api.getMissionNeighbours, ({ params, query }, ctx) => getMissionNeighbours(requestContext(ctx), { ...query, id: params.id }));
