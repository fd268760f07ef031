import { handle } from '@/lib/server/api/handler';
import { finishBlurring } from '@/lib/server/blurring/finish-blurring';
import { requestContext } from '@/lib/server/domain/contexts';
import * as api from '@/lib/shared/api/endpoints/blurring';

export const dynamic = 'force-dynamic';

export const POST = handle(api.finishBlurring, ({ params }, ctx) => finishBlurring(requestContext(ctx), { missionId: params.id }));
