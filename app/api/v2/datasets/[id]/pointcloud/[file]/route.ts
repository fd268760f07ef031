import { handleStream } from '@/lib/server/api/stream';
import { datasetPointcloudKey } from '@/lib/server/datasets/dataset-pointcloud';
import { requestContext } from '@/lib/server/domain/contexts';
import { servePointcloudFile } from '@/lib/server/datasets/serve-pointcloud';
import * as api from '@/lib/shared/api/endpoints/datasets';

export const dynamic = 'force-dynamic';

export const GET = handleStream(api.datasetPointcloudFile, {
  run: async ({ params }, ctx) => {
    const domain = requestContext(ctx);
    return servePointcloudFile(ctx.request, domain, params.file, () => datasetPointcloudKey(domain, params));
  },
});
