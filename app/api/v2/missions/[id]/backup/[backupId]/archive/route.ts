import { handleStream } from '@/lib/server/api/stream';
import { missionBackupFile } from '@/lib/server/missions/backup/mission-backups';
import { requestContext } from '@/lib/server/domain/contexts';
import { serveStoredFile } from '@/lib/server/storage/serve';
import * as api from '@/lib/shared/api/endpoints/mission-backups';

export const dynamic = 'force-dynamic';

export const GET = handleStream(api.downloadMissionBackup, { run: async ({ params }, ctx) => {
  const ref = { missionId: params.id, backupId: params.backupId };
  // Resolved (and so authorized) first, to know the key; authorize re-checks for ranged re-requests' sake at no extra cost.
  const domain = requestContext(ctx);
  const file = await missionBackupFile(domain, ref);
  return serveStoredFile(ctx.request, file.key, {
    storage: domain.storage,
    authorize: async () => void (await missionBackupFile(domain, ref)),
    downloadName: file.fileName,
    contentType: 'application/gzip',
  });
} });
