import { handleStream } from '@/lib/server/api/stream';
import { privacyRecordOfMission, privacyRecordCsv } from '@/lib/server/blurring/privacy-record';
import { privacyRecordPdf } from '@/lib/server/blurring/privacy-record-pdf';
import { requestContext } from '@/lib/server/domain/contexts';
import * as api from '@/lib/shared/api/endpoints/blurring';
import { negotiateLocale } from '@/lib/shared/locale';

export const dynamic = 'force-dynamic';

export const GET = handleStream(api.privacyRecord, {
  run: async ({ params, query }, ctx) => {
    const domain = requestContext(ctx);
    const { record, missionName } = await privacyRecordOfMission(domain, { missionId: params.id });
    const locale = negotiateLocale(ctx.request.headers.get('accept-language'));
    const pdf = query.format === 'pdf';
    const body = pdf ? privacyRecordPdf(record, { missionId: params.id, missionName, createdAt: domain.clock.now() }, locale) : privacyRecordCsv(record, locale);
    return new Response(new Uint8Array(body), {
      headers: {
        'content-type': pdf ? 'application/pdf' : 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="privacy-record-mission-${params.id}.${query.format}"`,
        'cache-control': 'private, no-store',
      },
    });
  },
});
