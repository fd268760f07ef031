import { handle } from '@/lib/server/api/handler';
import { listMissionBackups, startMissionBackup } from '@/lib/server/missions/backup/mission-backups';
import { requestContext } from '@/lib/server/domain/contexts';
import * as api from '@/lib/shared/api/endpoints/mission-backups';

export const dynamic = 'force-dynamic';

export const POST = handle(api.startMissionBackup, ({ params }, ctx) => startMissionBackup(requestContext(ctx), { missionId: params.id }));
export const GET = handle(api.listMissionBackups, async ({ params }, ctx) => ({ items: await listMissionBackups(requestContext(ctx), { missionId: params.id }) }));
