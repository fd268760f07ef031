import { internalOnly } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { createTag } from '@/lib/server/tags/create-tag';
import { listTags } from '@/lib/server/tags/list-tags';
import * as api from '@/lib/shared/api/endpoints/pickers';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listTags, async ({ query }, ctx) => ({ items: await listTags(requestContext(ctx), query) }));
export const POST = handle(api.createTag, { authorize: internalOnly('create tags'), run: ({ body }, ctx) => createTag(requestContext(ctx), body) });
