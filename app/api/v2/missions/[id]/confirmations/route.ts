import { handle } from '@/lib/server/api/handler';
import { listConfirmations, requestConfirmation } from '@/lib/server/confirmations/request-confirmation';
import { requestContext } from '@/lib/server/domain/contexts';
import * as api from '@/lib/shared/api/endpoints/confirmations';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listConfirmations, ({ params }, ctx) => listConfirmations(requestContext(ctx), params.id));
export const POST = handle(api.requestConfirmation, ({ params, body }, ctx) => requestConfirmation(requestContext(ctx), params.id, body));
