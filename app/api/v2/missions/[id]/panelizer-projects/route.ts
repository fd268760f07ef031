import { handle } from '@/lib/server/api/handler';
import { requestContext } from '@/lib/server/domain/contexts';
import { missionPanelizerEditor } from '@/lib/server/panelizer/authorize';
import { createPanelizerProject } from '@/lib/server/panelizer/create-project';
import { listPanelizerProjects } from '@/lib/server/panelizer/list-projects';
import * as api from '@/lib/shared/api/endpoints/panelizer';

export const dynamic = 'force-dynamic';

export const GET = handle(api.listPanelizerProjects, ({ params }, ctx) => listPanelizerProjects(requestContext(ctx), { missionId: params.id }));
export const POST = handle(api.createPanelizerProject, {
  authorize: missionPanelizerEditor,
  run: ({ params, body }, ctx) => createPanelizerProject(requestContext(ctx), { missionId: params.id, ...body }),
});
