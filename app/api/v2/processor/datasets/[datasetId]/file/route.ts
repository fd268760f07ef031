import { handleStream } from '@/lib/server/api/stream';
import { systemContext } from '@/lib/server/domain/contexts';
import { notFound } from '@/lib/server/errors';
import { processorDatasetRow } from '@/lib/server/processors/processor-datasets';
import { processorFromRequest } from '@/lib/server/processors/processor-token';
import { serveStoredFile } from '@/lib/server/storage/serve';
import * as api from '@/lib/shared/api/endpoints/processors';

export const dynamic = 'force-dynamic';

export const GET = handleStream(api.processorDatasetFile, {
  authorize: async (_addressed, ctx) => void (await processorFromRequest(systemContext().db, ctx.request)),
  run: async ({ params }, ctx) => {
    const domain = systemContext();
    const row = await processorDatasetRow(domain, params.datasetId);
    if (!row.storageKey) throw notFound('file');
    return serveStoredFile(ctx.request, row.storageKey, { storage: domain.storage, authorize: async () => undefined, downloadName: row.filename ?? row.datasetId });
  },
});
