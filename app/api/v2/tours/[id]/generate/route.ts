import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { generateTour } from '@/lib/server/tours/generate-tour';
import * as api from '@/lib/shared/api/endpoints/tours';

export const dynamic = 'force-dynamic';

export const POST = handle(api.generateTour, ({ params }, ctx) => generateTour(requestContext(ctx), { id: params.id }));
