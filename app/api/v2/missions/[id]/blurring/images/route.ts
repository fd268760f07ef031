import { handle } from '@/lib/server/api/handler';
import { listMissionImages } from '@/lib/server/blurring/list-mission-images';
import { requestContext } from '@/lib/server/domain/contexts';
import * as api from '@/lib/shared/api/endpoints/blurring';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listMissionImages, ({ params }, ctx) => listMissionImages(requestContext(ctx), { missionId: params.id }));
