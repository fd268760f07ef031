import { handle } from '@/lib/server/api/handler';
import { domainContext } from '@/lib/server/missions/domain-context';
import { mapMissions } from '@/lib/server/missions/map-missions';
import * as api from '@/lib/shared/api/endpoints/map';

export const dynamic = 'force-dynamic';

export const GET = handle(api.mapMissions, ({ query }, ctx) =>
  mapMissions(domainContext(ctx), { ...query, bbox: query.bbox.join(','), zoom: query.zoom }),
);
