import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { listMissionAudit } from '@/lib/server/audit/list-mission-audit';
import * as api from '@/lib/shared/api/endpoints/missions';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listMissionAudit, ({ params, query }, ctx) => listMissionAudit(requestContext(ctx), { ...query, missionId: params.id }));
