import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { projectEditor } from '@/lib/server/panelizer/authorize';
import { deletePanelizerProject, getPanelizerProject, renamePanelizerProject, savePanelizerDocument } from '@/lib/server/panelizer/update-project';
import * as api from '@/lib/shared/api/endpoints/panelizer';

export const dynamic = 'force-dynamic';

export const GET = handle(api.getPanelizerProject, ({ params }, ctx) => getPanelizerProject(requestContext(ctx), { id: params.id }));
export const PUT = handle(api.savePanelizerDocument, {
  authorize: projectEditor,
  run: ({ params, body }, ctx) => savePanelizerDocument(requestContext(ctx), { id: params.id, ...body }),
});
export const PATCH = handle(api.renamePanelizerProject, {
  authorize: projectEditor,
  run: ({ params, body }, ctx) => renamePanelizerProject(requestContext(ctx), { id: params.id, ...body }),
});
export const DELETE = handle(api.deletePanelizerProject, async ({ params, query }, ctx) => {
  await deletePanelizerProject(requestContext(ctx), { id: params.id, version: query.version });
  return null;
});
