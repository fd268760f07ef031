import { tourMissionMay } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { deleteTour } from '@/lib/server/tours/delete-tour';
import { getTour } from '@/lib/server/tours/get-tour';
import { EDIT_TOURS } from '@/lib/server/tours/tour-access';
import { updateTour } from '@/lib/server/tours/update-tour';
import * as api from '@/lib/shared/api/endpoints/tours';

export const dynamic = 'force-dynamic';

export const GET = handle(api.getTour, async ({ params }, ctx) => {
  const { tour, row, markers } = await getTour(requestContext(ctx), { id: params.id });
  return { tour, manifest: row.manifest, markers };
});
export const PATCH = handle(api.updateTour, {
  authorize: tourMissionMay(EDIT_TOURS),
  run: ({ params, body }, ctx) => updateTour(requestContext(ctx), { id: params.id, ...body }),
});
export const DELETE = handle(api.deleteTour, {
  authorize: tourMissionMay(EDIT_TOURS),
  run: async ({ params, query }, ctx) => {
    await deleteTour(requestContext(ctx), { id: params.id, version: query.version });
    return null;
  },
});
