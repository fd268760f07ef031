import { handleStream } from '@/lib/server/api/stream';
import { privacyRecord, privacyRecordCsv } from '@/lib/server/blurring/privacy-record';
import { requestContext } from '@/lib/server/domain/contexts';
import * as api from '@/lib/shared/api/endpoints/blurring';
import { negotiateLocale } from '@/lib/shared/locale';

export const dynamic = 'force-dynamic';

export const GET = handleStream(api.privacyRecord, {
  run: async ({ params }, ctx) => {
    const record = await privacyRecord(requestContext(ctx), { missionId: params.id });
    const csv = privacyRecordCsv(record, negotiateLocale(ctx.request.headers.get('accept-language')));
    return new Response(new Uint8Array(csv), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="privacy-record-mission-${params.id}.csv"`,
        'cache-control': 'private, no-store',
      },
    });
  },
});
