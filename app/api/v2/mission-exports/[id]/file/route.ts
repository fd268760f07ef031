import { handleStream } from '@/lib/server/api/stream';
import { requestContext } from '@/lib/server/domain/contexts';
import { missionExportFile } from '@/lib/server/missions/export-missions';
import { serveStoredFile } from '@/lib/server/storage/serve';
import * as api from '@/lib/shared/api/endpoints/mission-exports';

export const dynamic = 'force-dynamic';

export const GET = handleStream(api.downloadMissionExport, { run: async ({ params }, ctx) => {
  // The authorization: missionExportFile finds the export only among the caller's own.
  const domain = requestContext(ctx);
  const file = await missionExportFile(domain, params.id);
  return serveStoredFile(ctx.request, file.key, {
    storage: domain.storage,
    authorize: async () => {},
    downloadName: file.fileName,
    contentType: file.contentType,
  });
} });
