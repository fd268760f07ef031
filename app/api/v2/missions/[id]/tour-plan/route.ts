import { handleStream } from '@/lib/server/api/stream';
import { requestContext } from '@/lib/server/domain/contexts';
import { noneMatch } from '@/lib/server/storage/range';
import { cutPlanSlice, planSliceSource } from '@/lib/server/tours/plan-slice';
import * as api from '@/lib/shared/api/endpoints/tours';
import { encodePanelizerPoints } from '@/lib/shared/panelizer/points';

export const dynamic = 'force-dynamic';

export const GET = handleStream(api.getTourPlan, {
  run: async ({ params, query }, ctx) => {
    const domain = requestContext(ctx);
    const source = await planSliceSource(domain, { missionId: params.id, query });
    // Revalidated every time (a rebuilt cloud changes the tag); an unchanged answer costs no cutting.
    const headers = { etag: source.etag, 'cache-control': 'private, no-cache' };
    if (noneMatch(ctx.request.headers.get('if-none-match'), source.etag)) return new Response(null, { status: 304, headers });
    const bytes = encodePanelizerPoints(await cutPlanSlice(domain, source, query.limit)) as Uint8Array<ArrayBuffer>;
    return new Response(bytes, { headers: { ...headers, 'content-type': 'application/octet-stream', 'content-length': String(bytes.byteLength) } });
  },
});
