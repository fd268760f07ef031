import { tourMissionMay } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { EDIT_TOURS } from '@/lib/server/tours/tour-access';
import { updateTourLinks } from '@/lib/server/tours/update-tour-links';
import * as api from '@/lib/shared/api/endpoints/tours';

export const dynamic = 'force-dynamic';

export const PUT = handle(api.updateTourLinks, {
  authorize: tourMissionMay(EDIT_TOURS),
  run: ({ params, body }, ctx) => updateTourLinks(requestContext(ctx), { id: params.id, ...body }),
});
