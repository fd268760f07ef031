import { handle } from '@/lib/server/api/handler';
import { getMissionBackup } from '@/lib/server/missions/backup/mission-backups';
import { domainContext } from '@/lib/server/missions/domain-context';
import * as api from '@/lib/shared/api/endpoints/mission-backups';

export const dynamic = 'force-dynamic';

export const GET = handle(api.getMissionBackup, ({ params }, ctx) => getMissionBackup(domainContext(ctx), { missionId: params.id, backupId: params.backupId }));
