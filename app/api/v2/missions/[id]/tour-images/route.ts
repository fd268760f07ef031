import { missionMay } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { listTourImages } from '@/lib/server/tours/list-tour-images';
import { EDIT_TOURS } from '@/lib/server/tours/tour-access';
import { updateTourImages } from '@/lib/server/tours/update-tour-images';
import * as api from '@/lib/shared/api/endpoints/tours';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listTourImages, ({ params }, ctx) => listTourImages(requestContext(ctx), { missionId: params.id }));
export const PATCH = handle(api.updateTourImages, {
  authorize: missionMay(EDIT_TOURS),
  run: ({ params, body }, ctx) => updateTourImages(requestContext(ctx), { ...body, missionId: params.id }),
});
