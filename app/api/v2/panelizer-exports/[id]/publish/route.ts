import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { publishPanelizerExport, unpublishPanelizerExport } from '@/lib/server/panelizer/exports';
import * as api from '@/lib/shared/api/endpoints/panelizer';

export const dynamic = 'force-dynamic';

export const POST = handle(api.publishPanelizerExport, ({ params }, ctx) => publishPanelizerExport(requestContext(ctx), { id: params.id }));
export const DELETE = handle(api.unpublishPanelizerExport, ({ params }, ctx) => unpublishPanelizerExport(requestContext(ctx), { id: params.id }));
