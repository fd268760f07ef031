import { handle } from '@/lib/server/api/handler';
import { confirmByToken, getConfirmation } from '@/lib/server/confirmations/confirm-by-token';
import { systemContext } from '@/lib/server/domain/contexts';
import * as api from '@/lib/shared/api/endpoints/confirmations';

export const dynamic = 'force-dynamic';

// The link's token is the authorization: no session is asked for (the handler still refuses a POST from another origin).
export const GET = handle(api.getConfirmation, ({ params }) => getConfirmation(systemContext(), params.token));
export const POST = handle(api.confirm, ({ params }) => confirmByToken(systemContext(), params.token));
