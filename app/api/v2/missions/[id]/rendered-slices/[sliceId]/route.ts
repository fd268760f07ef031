import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { deleteRenderedSlice } from '@/lib/server/rendered-slices/delete-rendered-slice';
import * as api from '@/lib/shared/api/endpoints/rendered-slices';

export const dynamic = 'force-dynamic';

export const DELETE = handle(api.deleteRenderedSlice, async ({ params }, ctx) => {
  await deleteRenderedSlice(requestContext(ctx), { missionId: params.id, id: params.sliceId });
  return null;
});
