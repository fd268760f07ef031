import { missionMay } from '@/lib/server/api/authorize';
import { handleStream } from '@/lib/server/api/stream';
import { requestContext } from '@/lib/server/domain/contexts';
import { MAX_ARCHIVE_BYTES } from '@/lib/server/tours/archive/archive-limits';
import { importTour } from '@/lib/server/tours/archive/import-tour';
import { withReceivedArchive } from '@/lib/server/tours/archive/receive-archive';
import { EDIT_TOURS } from '@/lib/server/tours/tour-access';
import * as api from '@/lib/shared/api/endpoints/tours';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/*
 * The zip is the raw request body, bounded (413 beyond MAX_ARCHIVE_BYTES): no route guard or
 * middleware sees /api, so nothing buffers it, and an exported tour is a single file the browser sends in
 * one request. The resumable upload's purposes each become a mission file; an archive must not.
 */
export const POST = handleStream(api.importTour, {
  // Who may not change the mission's tours is refused before a byte of the body is read.
  authorize: missionMay(EDIT_TOURS),
  maxBodyBytes: MAX_ARCHIVE_BYTES,
  run: async ({ params, body }, ctx) => {
    const domain = requestContext(ctx);
    const created = await withReceivedArchive(body, (file, size) => importTour(domain, { missionId: params.id, file, size }));
    return Response.json(created, { status: 201 });
  },
});
