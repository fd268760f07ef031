import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { handle } from '@/lib/server/api/handler';
import { restoreMission } from '@/lib/server/missions/backup/restore-mission';
import { requestContext } from '@/lib/server/domain/contexts';
import { AppError } from '@/lib/server/errors';
import * as api from '@/lib/shared/api/endpoints/mission-backups';

export const dynamic = 'force-dynamic';

// The archive is the raw request body (no multipart): it is streamed through validation, never buffered whole.
export const POST = handle(api.restoreMission, ({ params, query }, ctx) => {
  const { request } = ctx;
  if (!request.body) throw new AppError('bad_request', 'Send the backup archive as the request body');
  const length = request.headers.get('content-length');
  return restoreMission(requestContext(ctx), {
    missionId: params.id,
    version: query.version,
    body: Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>),
    contentType: request.headers.get('content-type'),
    size: length === null ? null : Number(length),
  });
});
