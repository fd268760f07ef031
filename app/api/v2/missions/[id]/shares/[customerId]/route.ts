import { missionMay } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { revokeMissionShare } from '@/lib/server/missions/revoke-mission-share';
import * as api from '@/lib/shared/api/endpoints/missions';

export const dynamic = 'force-dynamic';

export const DELETE = handle(api.revokeMissionShare, { authorize: missionMay('share'), run: async ({ params }, ctx) => {
  await revokeMissionShare(requestContext(ctx), { missionId: params.id, customerId: params.customerId });
  return null;
} });
