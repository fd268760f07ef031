import { missionMay } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { domainContext } from '@/lib/server/missions/domain-context';
import { revokeMissionShare } from '@/lib/server/missions/revoke-mission-share';
import * as api from '@/lib/shared/api/endpoints/missions';

export const dynamic = 'force-dynamic';

export const DELETE = handle(api.revokeMissionShare, { authorize: missionMay('share'), run: async ({ params }, ctx) => {
  await revokeMissionShare(domainContext(ctx), { missionId: params.id, customerId: params.customerId });
  return null;
} });
