import { missionMay } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { attachMissionTag } from '@/lib/server/tags/attach-mission-tag';
import * as api from '@/lib/shared/api/endpoints/missions';

export const dynamic = 'force-dynamic';

export const POST = handle(api.attachMissionTag, { authorize: missionMay('tag'), run: async ({ params, body }, ctx) => ({ tagIds: await attachMissionTag(requestContext(ctx), { missionId: params.id, tagId: body.tagId }) }) });
