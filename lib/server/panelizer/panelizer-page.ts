import 'server-only';
import { z } from 'zod';
import { requireUser } from '@/lib/server/auth/require-user';
import { pageContext } from '@/lib/server/domain/contexts';
import { AppError } from '@/lib/server/errors';
import type { PanelizerExportDto, PanelizerProjectDto, PanelizerProjectsDto } from '@/lib/shared/schemas/panelizer';
import { requireMission } from '../missions/visibility';
import { getPanelizerExport } from './exports';
import { listPanelizerProjects } from './list-projects';
import { SEE_PANELIZER } from './panelizer-access';
import { getPanelizerProject } from './update-project';

/** spec §2 /mission/{mission}/panelizer: a project id or an export id in the address, or neither (pick one). */
export const panelizerPageQuery = z.object({ project: z.uuid().optional(), export: z.uuid().optional() });

export type PanelizerPageLoad =
  | { kind: 'notFound' }
  | { kind: 'notAuthorized' }
  | { kind: 'project'; project: PanelizerProjectDto }
  | { kind: 'export'; export: PanelizerExportDto; mayEdit: boolean }
  | { kind: 'pick'; projects: PanelizerProjectsDto };

/**
 * What the panelizer page shows, through the same verbs (and authorization) as the API: a project
 * for its editors, an export read-only for editors and (once published) the mission's readers, or
 * the mission's projects to pick from. A project or export of another mission is not found here.
 */
export async function loadPanelizerPage(missionId: number, search: Record<string, string | string[] | undefined>): Promise<PanelizerPageLoad> {
  const user = await requireUser();
  const ctx = pageContext(user.actor, 'panelizer-page');
  const query = panelizerPageQuery.safeParse({ project: one(search.project), export: one(search.export) });
  if (!query.success) return { kind: 'notFound' };
  try {
    await requireMission(ctx, missionId, SEE_PANELIZER);
    if (query.data.export) {
      const { dto, row } = await getPanelizerExport(ctx, { id: query.data.export });
      return dto.missionId === missionId ? { kind: 'export', export: dto, mayEdit: row.publishedAt === null || (await mayEdit(ctx, missionId)) } : { kind: 'notFound' };
    }
    if (query.data.project) {
      const project = await getPanelizerProject(ctx, { id: query.data.project });
      return project.missionId === missionId ? { kind: 'project', project } : { kind: 'notFound' };
    }
    return { kind: 'pick', projects: await listPanelizerProjects(ctx, { missionId }) };
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return { kind: 'notFound' };
    if (err instanceof AppError && err.code === 'not_authorized') return { kind: 'notAuthorized' };
    throw err;
  }
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

async function mayEdit(ctx: ReturnType<typeof pageContext>, missionId: number): Promise<boolean> {
  return (await listPanelizerProjects(ctx, { missionId })).mayEdit;
}
