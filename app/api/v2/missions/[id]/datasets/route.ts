import { handle } from '@/lib/server/api/handler';
import { listMissionDatasets } from '@/lib/server/datasets/list-datasets';
import { requestContext } from '@/lib/server/domain/contexts';
import * as api from '@/lib/shared/api/endpoints/datasets';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listMissionDatasets, async ({ params }, ctx) => ({ items: await listMissionDatasets(requestContext(ctx), { missionId: params.id }) }));
