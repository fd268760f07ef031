import { handle } from '@/lib/server/api/handler';
import { retryDetection } from '@/lib/server/blurring/retry-detection';
import { requestContext } from '@/lib/server/domain/contexts';
import * as api from '@/lib/shared/api/endpoints/blurring';

export const dynamic = 'force-dynamic';

export const POST = handle(api.retryDetection, ({ params }, ctx) => retryDetection(requestContext(ctx), params));
