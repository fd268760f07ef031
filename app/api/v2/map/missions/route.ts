import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { mapMissions } from '@/lib/server/missions/map-missions';
import * as api from '@/lib/shared/api/endpoints/map';

export const dynamic = 'force-dynamic';

export const GET = handle(api.mapMissions, ({ query }, ctx) =>
  mapMissions(requestContext(ctx), query),
);
