import { handle } from '@/lib/server/api/handler';
import { checkDataset } from '@/lib/server/datasets/check-dataset';
import { requestContext } from '@/lib/server/domain/contexts';
import * as api from '@/lib/shared/api/endpoints/datasets';

export const dynamic = 'force-dynamic';

export const POST = handle(api.checkDataset, ({ params }, ctx) => checkDataset(requestContext(ctx), params));
