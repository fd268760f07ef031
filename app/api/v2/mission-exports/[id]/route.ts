import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { getMissionExport } from '@/lib/server/missions/export-missions';
import * as api from '@/lib/shared/api/endpoints/mission-exports';

export const dynamic = 'force-dynamic';

export const GET = handle(api.getMissionExport, ({ params }, ctx) => getMissionExport(requestContext(ctx), params.id));
