import { handle } from '@/lib/server/api/handler';
import { cancelDataset } from '@/lib/server/datasets/cancel-dataset';
import { requestContext } from '@/lib/server/domain/contexts';
import * as api from '@/lib/shared/api/endpoints/datasets';

export const dynamic = 'force-dynamic';

export const POST = handle(api.cancelDataset, ({ params }, ctx) => cancelDataset(requestContext(ctx), params));
