import { handleStream } from '@/lib/server/api/stream';
import { domainContext } from '@/lib/server/missions/domain-context';
import { missionExportFile } from '@/lib/server/missions/export-missions';
import { storage } from '@/lib/server/storage';
import { serveStoredFile } from '@/lib/server/storage/serve';
import * as api from '@/lib/shared/api/endpoints/mission-exports';

export const dynamic = 'force-dynamic';

export const GET = handleStream(api.downloadMissionExport, { run: async ({ params }, ctx) => {
  // The authorization: missionExportFile finds the export only among the caller's own.
  const file = await missionExportFile(domainContext(ctx), params.id);
  return serveStoredFile(ctx.request, file.key, {
    storage: storage(),
    authorize: async () => {},
    downloadName: file.fileName,
    contentType: file.contentType,
  });
} });
