import { handle } from '@/lib/server/api/handler';
import { systemContext } from '@/lib/server/domain/contexts';
import { reportDataset } from '@/lib/server/processors/processor-datasets';
import { processorFromRequest } from '@/lib/server/processors/processor-token';
import * as api from '@/lib/shared/api/endpoints/processors';

export const dynamic = 'force-dynamic';

export const POST = handle(api.reportDataset, {
  // The token is checked before the body is read; the report runs as the system, audited with the processor's name.
  authorize: async (_addressed, ctx) => void (await processorFromRequest(systemContext().db, ctx.request)),
  run: async ({ params, body }, ctx) => {
    const domain = systemContext();
    return reportDataset({ ...domain, requestId: ctx.requestId }, await processorFromRequest(domain.db, ctx.request), { datasetId: params.datasetId, body });
  },
});
