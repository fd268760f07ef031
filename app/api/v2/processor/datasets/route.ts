import { handle } from '@/lib/server/api/handler';
import { systemContext } from '@/lib/server/domain/contexts';
import { listProcessorDatasets } from '@/lib/server/processors/processor-datasets';
import { processorFromRequest } from '@/lib/server/processors/processor-token';
import * as api from '@/lib/shared/api/endpoints/processors';

export const dynamic = 'force-dynamic';

export const GET = handle(api.processorDatasets, {
  authorize: async (_addressed, ctx) => void (await processorFromRequest(systemContext().db, ctx.request)),
  run: async ({ query }) => ({ items: await listProcessorDatasets(systemContext(), query.status) }),
});
