import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { revokeProcessor } from '@/lib/server/processors/manage-processors';
import * as api from '@/lib/shared/api/endpoints/processors';

export const dynamic = 'force-dynamic';

export const DELETE = handle(api.revokeProcessor, ({ params }, ctx) => revokeProcessor(requestContext(ctx), params));
