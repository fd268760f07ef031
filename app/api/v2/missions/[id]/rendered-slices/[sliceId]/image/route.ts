import { handleStream } from '@/lib/server/api/stream';
import { requestContext } from '@/lib/server/domain/contexts';
import { renderedSliceImage } from '@/lib/server/rendered-slices/rendered-slice-image';
import { serveStoredFile } from '@/lib/server/storage/serve';
import * as api from '@/lib/shared/api/endpoints/rendered-slices';

export const dynamic = 'force-dynamic';

export const GET = handleStream(api.renderedSliceImage, {
  run: async ({ params, query }, ctx) => {
    const domain = requestContext(ctx);
    // Resolving the picture authorizes (the mission's read) and finds its key in one step.
    const image = await renderedSliceImage(domain, { missionId: params.id, id: params.sliceId });
    return serveStoredFile(ctx.request, image.key, {
      storage: domain.storage,
      authorize: async () => undefined,
      downloadName: image.filename,
      disposition: query.download === '1' ? 'attachment' : 'inline',
      contentType: 'image/png',
    });
  },
});
