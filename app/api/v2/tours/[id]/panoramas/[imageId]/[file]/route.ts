import { handleStream } from '@/lib/server/api/stream';
import { requestContext } from '@/lib/server/domain/contexts';
import { serveStoredFile } from '@/lib/server/storage/serve';
import { tourFileKey } from '@/lib/server/tours/tour-files';
import * as api from '@/lib/shared/api/endpoints/tours';

export const dynamic = 'force-dynamic';

export const GET = handleStream(api.tourFile, {
  run: async ({ params }, ctx) => {
    const domain = requestContext(ctx);
    const key = await tourFileKey(domain, params);
    return serveStoredFile(ctx.request, key, { storage: domain.storage, authorize: async () => undefined, disposition: 'inline' });
  },
});
