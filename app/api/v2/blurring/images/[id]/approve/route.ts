import { handle } from '@/lib/server/api/handler';
import { approveImage } from '@/lib/server/blurring/approve-image';
import { requestContext } from '@/lib/server/domain/contexts';
import * as api from '@/lib/shared/api/endpoints/blurring';

export const dynamic = 'force-dynamic';

export const POST = handle(api.approveImage, ({ params }, ctx) => approveImage(requestContext(ctx), params));
