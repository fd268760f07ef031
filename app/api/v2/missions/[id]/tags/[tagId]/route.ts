import { missionMay } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { detachMissionTag } from '@/lib/server/tags/detach-mission-tag';
import * as api from '@/lib/shared/api/endpoints/missions';

export const dynamic = 'force-dynamic';

export const DELETE = handle(api.detachMissionTag, { authorize: missionMay('tag'), run: async ({ params }, ctx) => ({ tagIds: await detachMissionTag(requestContext(ctx), { missionId: params.id, tagId: params.tagId }) }) });
