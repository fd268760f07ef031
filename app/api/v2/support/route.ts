import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { sendSupportRequest, supportContact } from '@/lib/server/support/send-support-request';
import * as api from '@/lib/shared/api/endpoints/support';

export const dynamic = 'force-dynamic';

export const GET = handle(api.getSupportContact, async () => supportContact());
export const POST = handle(api.sendSupportRequest, ({ body }, ctx) => sendSupportRequest(requestContext(ctx), body));
