import { missionMay } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { createTour } from '@/lib/server/tours/create-tour';
import { listTours } from '@/lib/server/tours/list-tours';
import { EDIT_TOURS } from '@/lib/server/tours/tour-access';
import * as api from '@/lib/shared/api/endpoints/tours';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listTours, ({ params }, ctx) => listTours(requestContext(ctx), { missionId: params.id }));
export const POST = handle(api.createTour, {
  authorize: missionMay(EDIT_TOURS),
  run: ({ params, body }, ctx) => createTour(requestContext(ctx), { missionId: params.id, name: body.name }),
});
