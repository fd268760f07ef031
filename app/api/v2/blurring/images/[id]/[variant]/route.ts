import { handleStream } from '@/lib/server/api/stream';
import { imageFile } from '@/lib/server/blurring/image-file';
import { requestContext } from '@/lib/server/domain/contexts';
import { serveStoredFile } from '@/lib/server/storage/serve';
import * as api from '@/lib/shared/api/endpoints/blurring';

export const dynamic = 'force-dynamic';

export const GET = handleStream(api.imagePicture, {
  run: async ({ params }, ctx) => {
    const domain = requestContext(ctx);
    // Resolving the picture authorizes: the original only for the blurring review.
    const file = await imageFile(domain, params);
    return serveStoredFile(ctx.request, file.key, { storage: domain.storage, authorize: async () => undefined, disposition: 'inline', downloadName: file.filename });
  },
});
