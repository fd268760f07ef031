import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { getPanelizerExport } from '@/lib/server/panelizer/exports';
import * as api from '@/lib/shared/api/endpoints/panelizer';

export const dynamic = 'force-dynamic';

export const GET = handle(api.getPanelizerExport, async ({ params }, ctx) => (await getPanelizerExport(requestContext(ctx), { id: params.id })).dto);
