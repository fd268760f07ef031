import { handle } from '@/lib/server/api/handler';
import { getDataset } from '@/lib/server/datasets/get-dataset';
import { updateDataset } from '@/lib/server/datasets/update-dataset';
import { requestContext } from '@/lib/server/domain/contexts';
import * as api from '@/lib/shared/api/endpoints/datasets';

export const dynamic = 'force-dynamic';

export const GET = handle(api.getDataset, ({ params }, ctx) => getDataset(requestContext(ctx), params));
export const PATCH = handle(api.updateDataset, ({ params, body }, ctx) => updateDataset(requestContext(ctx), { id: params.id, body }));
