import { handle } from '@/lib/server/api/handler';
import { getRegions } from '@/lib/server/blurring/get-regions';
import { saveRegions } from '@/lib/server/blurring/save-regions';
import { requestContext } from '@/lib/server/domain/contexts';
import * as api from '@/lib/shared/api/endpoints/blurring';

export const dynamic = 'force-dynamic';

export const GET = handle(api.getImageRegions, ({ params }, ctx) => getRegions(requestContext(ctx), params));
export const PUT = handle(api.saveImageRegions, ({ params, body }, ctx) => saveRegions(requestContext(ctx), { id: params.id, body }));
