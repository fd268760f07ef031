import { handleStream } from '@/lib/server/api/stream';
import { missionPointcloudKey } from '@/lib/server/datasets/mission-pointcloud';
import { requestContext } from '@/lib/server/domain/contexts';
import { servePointcloudFile } from '@/lib/server/datasets/serve-pointcloud';
import * as api from '@/lib/shared/api/endpoints/datasets';

export const dynamic = 'force-dynamic';

export const GET = handleStream(api.missionPointcloudFile, {
  run: async ({ params }, ctx) => {
    const domain = requestContext(ctx);
    return servePointcloudFile(ctx.request, domain, params.file, () => missionPointcloudKey(domain, { missionId: params.id, file: params.file }));
  },
});
