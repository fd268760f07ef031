import { handleStream } from '@/lib/server/api/stream';
import { db } from '@/lib/server/db/client';
import { storage } from '@/lib/server/storage';
import { serveStoredFile } from '@/lib/server/storage/serve';
import { publicTourFileKey } from '@/lib/server/tours/tour-files';
import * as api from '@/lib/shared/api/endpoints/tours';

export const dynamic = 'force-dynamic';

export const GET = handleStream(api.publicTourFile, {
  run: async ({ params }, ctx) => {
    const key = await publicTourFileKey({ db: db() }, params);
    const response = await serveStoredFile(ctx.request, key, { storage: storage(), authorize: async () => undefined, disposition: 'inline' });
    response.headers.set('X-Robots-Tag', 'noindex');
    return response;
  },
});
