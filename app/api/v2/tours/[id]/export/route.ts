import { tourMissionMay } from '@/lib/server/api/authorize';
import { handleStream } from '@/lib/server/api/stream';
import { requestContext } from '@/lib/server/domain/contexts';
import { contentDisposition } from '@/lib/server/storage/range';
import { archiveEntries } from '@/lib/server/tours/archive/archive-entries';
import { exportTour } from '@/lib/server/tours/archive/export-tour';
import { viewerBundle } from '@/lib/server/tours/archive/viewer-bundle';
import { SEE_TOURS } from '@/lib/server/tours/tour-access';
import { toWebStream, zipStream } from '@/lib/server/tours/archive/zip-stream';
import * as api from '@/lib/shared/api/endpoints/tours';
import { negotiateLocale } from '@/lib/shared/locale';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const GET = handleStream(api.exportTour, {
  // Who may not read the tour learns so before the viewer is bundled.
  authorize: tourMissionMay(SEE_TOURS),
  run: async ({ params, query }, ctx) => {
    const domain = requestContext(ctx);
    if (query.check) {
      await exportTour(domain, { id: params.id, check: true });
      return new Response(null, { status: 204 });
    }
    const viewer = await viewerBundle();
    const { archive, outputPrefix, fileName } = await exportTour(domain, { id: params.id });
    // The exported viewer speaks the language of the screen it was exported from.
    const locale = negotiateLocale(ctx.request.headers.get('accept-language'));
    const zip = zipStream(archiveEntries(archive, viewer, domain.storage, outputPrefix, locale));
    // Headers are sent before the first byte: a file missing later can only break the download.
    const body = toWebStream(zip, (err) => domain.log.error(`tour ${params.id} export broke off`, err));
    return new Response(body, {
      headers: { 'content-type': 'application/zip', 'content-disposition': contentDisposition(fileName), 'cache-control': 'no-store' },
    });
  },
});
