import { bytesResponse, handleStream } from '@/lib/server/api/stream';
import { requestContext } from '@/lib/server/domain/contexts';
import { getPanelizerExportFile } from '@/lib/server/panelizer/export-file';
import { contentDisposition } from '@/lib/server/storage/range';
import * as api from '@/lib/shared/api/endpoints/panelizer';
import { negotiateLocale } from '@/lib/shared/locale';

export const dynamic = 'force-dynamic';

export const GET = handleStream(api.panelizerExportFile, {
  run: async ({ params }, ctx) => {
    const locale = negotiateLocale(ctx.request.headers.get('accept-language'));
    const file = await getPanelizerExportFile(requestContext(ctx), { id: params.id, format: params.format, locale });
    return bytesResponse(ctx.request, new Uint8Array(file.body), {
      'content-type': file.contentType,
      'content-disposition': contentDisposition(file.filename),
      'cache-control': 'private, no-store',
    });
  },
});
