import { handleStream } from '@/lib/server/api/stream';
import { requestContext } from '@/lib/server/domain/contexts';
import { exportPointsSource, getPanelizerProjectPoints } from '@/lib/server/panelizer/points/project-points';
import { noneMatch } from '@/lib/server/storage/range';
import * as api from '@/lib/shared/api/endpoints/panelizer-points';
import { SECTION_LINE_HEADER, encodePanelizerPoints, formatSectionLine } from '@/lib/shared/panelizer/points';

export const dynamic = 'force-dynamic';

export const GET = handleStream(api.getPanelizerExportPoints, {
  run: async ({ params, query }, ctx) => {
    const domain = requestContext(ctx);
    const source = await exportPointsSource(domain, { id: params.id, query });
    // Revalidated every time, as the project's points are; unchanged answers cost no cutting.
    const headers = { etag: source.etag, 'cache-control': 'private, no-cache' };
    if (noneMatch(ctx.request.headers.get('if-none-match'), source.etag)) return new Response(null, { status: 304, headers });
    // encodePanelizerPoints allocates a plain ArrayBuffer (never a shared one).
    const points = await getPanelizerProjectPoints(domain, source, query);
    const bytes = encodePanelizerPoints(points) as Uint8Array<ArrayBuffer>;
    const line: Record<string, string> = points.section ? { [SECTION_LINE_HEADER]: formatSectionLine(points.section) } : {};
    return new Response(bytes, { headers: { ...headers, ...line, 'content-type': 'application/octet-stream', 'content-length': String(bytes.byteLength) } });
  },
});
