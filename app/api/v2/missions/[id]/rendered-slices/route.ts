import { missionMay } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { limitedBody } from '@/lib/server/api/stream';
import { requestContext } from '@/lib/server/domain/contexts';
import { AppError } from '@/lib/server/errors';
import { createRenderedSlice } from '@/lib/server/rendered-slices/create-rendered-slice';
import { listRenderedSlices } from '@/lib/server/rendered-slices/list-rendered-slices';
import { EDIT_RENDERED_SLICES } from '@/lib/server/rendered-slices/rendered-slice-access';
import * as api from '@/lib/shared/api/endpoints/rendered-slices';
import { RENDERED_SLICE_MAX_BYTES } from '@/lib/shared/schemas/rendered-slice';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listRenderedSlices, async ({ params }, ctx) => ({ items: await listRenderedSlices(requestContext(ctx), { missionId: params.id }) }));

// The PNG is the raw body (no multipart), read whole but never beyond the limit (413 as soon as it is passed).
export const POST = handle(api.createRenderedSlice, {
  authorize: missionMay(EDIT_RENDERED_SLICES),
  run: async ({ params, query }, ctx) => {
    const body = limitedBody(ctx.request, RENDERED_SLICE_MAX_BYTES);
    if (!body) throw new AppError('bad_request', 'Send the PNG as the request body');
    const bytes = new Uint8Array(await new Response(body).arrayBuffer());
    return createRenderedSlice(requestContext(ctx), { missionId: params.id, ...query, contentType: ctx.request.headers.get('content-type'), bytes });
  },
});
