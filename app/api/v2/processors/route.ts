import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { issueProcessor, listProcessors } from '@/lib/server/processors/manage-processors';
import * as api from '@/lib/shared/api/endpoints/processors';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listProcessors, async (_input, ctx) => ({ items: await listProcessors(requestContext(ctx)) }));
export const POST = handle(api.issueProcessor, ({ body }, ctx) => issueProcessor(requestContext(ctx), body));
