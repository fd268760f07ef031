import { bytesResponse, handleStream } from '@/lib/server/api/stream';
import { requestContext } from '@/lib/server/domain/contexts';
import { exportMeasurements } from '@/lib/server/measurements/export-measurements';
import { contentDisposition } from '@/lib/server/storage/range';
import * as api from '@/lib/shared/api/endpoints/measurements';

export const dynamic = 'force-dynamic';

export const GET = handleStream(api.exportMeasurements, {
  run: async ({ params, query }, ctx) => {
    const file = await exportMeasurements(requestContext(ctx), { missionId: params.id, format: query.format });
    return bytesResponse(ctx.request, file.body, {
      'content-type': file.contentType,
      'content-disposition': contentDisposition(file.filename),
      'cache-control': 'private, no-store',
    });
  },
});
