import { handle } from '@/lib/server/api/handler';
import { getMissionBackup } from '@/lib/server/missions/backup/mission-backups';
import { requestContext } from '@/lib/server/domain/contexts';
import * as api from '@/lib/shared/api/endpoints/mission-backups';

export const dynamic = 'force-dynamic';

export const GET = handle(api.getMissionBackup, ({ params }, ctx) => getMissionBackup(requestContext(ctx), { missionId: params.id, backupId: params.backupId }));
