import { getTranslations } from 'next-intl/server';
import { bytesResponse, handleStream } from '@/lib/server/api/stream';
import { AppError, notFound } from '@/lib/server/errors';
import { getMission } from '@/lib/server/missions/get-mission';
import { requestContext } from '@/lib/server/domain/contexts';
import { renderPdf } from '@/lib/server/missions/print/render-pdf';
import * as api from '@/lib/shared/api/endpoints/mission-print';

export const dynamic = 'force-dynamic';

export const GET = handleStream(api.missionPdf, { run: async ({ params }, ctx) => {
  // As the print view: only numeric ids exist.
  if (!/^\d{1,15}$/.test(params.id) || Number(params.id) < 1) throw notFound('mission');
  const id = Number(params.id);
  // Authorized here, before a browser is involved: 404 / 403 come straight from the domain.
  await getMission(requestContext(ctx), { id });
  const { request } = ctx;
  // The page is fetched from this server's own address (request.url is the local origin under next start).
  const url = `${new URL(request.url).origin}/mission/${id}/print`;
  try {
    const pdf = await renderPdf({ url, cookieHeader: request.headers.get('cookie'), acceptLanguage: request.headers.get('accept-language') });
    return bytesResponse(request, new Uint8Array(pdf), {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="mission-${id}.pdf"`,
      'cache-control': 'private, no-store',
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'service_unavailable') {
      const t = await getTranslations('missionPrint');
      const reason = (err.details?.reason as string | undefined) ?? 'no_browser';
      console.error(`[pdf] mission ${id}: ${err.message}`);
      throw new AppError('service_unavailable', t(reason === 'busy' ? 'pdfBusy' : 'pdfUnavailable'), { reason });
    }
    throw err;
  }
} });
