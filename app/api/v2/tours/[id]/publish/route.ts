import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { publishTour, unpublishTour } from '@/lib/server/tours/publish-tour';
import * as api from '@/lib/shared/api/endpoints/tours';

export const dynamic = 'force-dynamic';

export const POST = handle(api.publishTour, ({ params }, ctx) => publishTour(requestContext(ctx), { id: params.id }));
export const DELETE = handle(api.unpublishTour, ({ params }, ctx) => unpublishTour(requestContext(ctx), { id: params.id }));
