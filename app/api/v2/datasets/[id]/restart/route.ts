import { handle } from '@/lib/server/api/handler';
import { restartDataset } from '@/lib/server/datasets/restart-dataset';
import { requestContext } from '@/lib/server/domain/contexts';
import * as api from '@/lib/shared/api/endpoints/datasets';

export const dynamic = 'force-dynamic';

export const POST = handle(api.restartDataset, ({ params }, ctx) => restartDataset(requestContext(ctx), params));
