import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { createPanelizerExport, listPanelizerExports } from '@/lib/server/panelizer/exports';
import * as api from '@/lib/shared/api/endpoints/panelizer';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listPanelizerExports, ({ params }, ctx) => listPanelizerExports(requestContext(ctx), { projectId: params.id }));
export const POST = handle(api.createPanelizerExport, ({ params }, ctx) => createPanelizerExport(requestContext(ctx), { projectId: params.id }));
