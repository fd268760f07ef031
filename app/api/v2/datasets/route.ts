import { handle } from '@/lib/server/api/handler';
import { listPipeline } from '@/lib/server/datasets/list-datasets';
import { requestContext } from '@/lib/server/domain/contexts';
import * as api from '@/lib/shared/api/endpoints/datasets';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listDatasets, async ({ query }, ctx) => ({ items: await listPipeline(requestContext(ctx), query) }));
