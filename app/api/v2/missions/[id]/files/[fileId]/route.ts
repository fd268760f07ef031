import { handleStream } from '@/lib/server/api/stream';
import { requestContext } from '@/lib/server/domain/contexts';
import { missionFileDownload } from '@/lib/server/missions-files/mission-file-download';
import { serveStoredFile } from '@/lib/server/storage/serve';
import * as api from '@/lib/shared/api/endpoints/mission-files';

export const dynamic = 'force-dynamic';

export const GET = handleStream(api.downloadMissionFile, { run: async ({ params }, ctx) => {
  const domain = requestContext(ctx);
  // Resolving the file authorizes (readAllFields) and finds its key in one step.
  const file = await missionFileDownload(domain, { missionId: params.id, fileId: params.fileId });
  return serveStoredFile(ctx.request, file.key, {
    storage: domain.storage,
    authorize: async () => undefined,
    downloadName: file.filename,
    contentType: file.contentType,
  });
} });
