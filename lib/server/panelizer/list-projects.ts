import 'server-only';
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { PanelizerProjectsDto } from '@/lib/shared/schemas/panelizer';
import { panelizerExport, panelizerProject } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { requireMission } from '../missions/visibility';
import { mayEditPanelizer, SEE_PANELIZER } from './panelizer-access';
import { toExportSummary, toProjectSummary } from './panelizer-dto';

/**
 * The mission's panelizer projects (oldest first) for its editors, and its published exports for
 * everyone who sees the mission (the StoSim section, the partner's API).
 */
export async function listPanelizerProjects(ctx: DomainContext, input: { missionId: number }): Promise<PanelizerProjectsDto> {
  const { access } = await requireMission(ctx, input.missionId, SEE_PANELIZER);
  const mayEdit = mayEditPanelizer(ctx, access.capabilities);
  const items = mayEdit ? await ctx.db.select().from(panelizerProject).where(eq(panelizerProject.missionId, input.missionId)).orderBy(asc(panelizerProject.createdAt), asc(panelizerProject.id)) : [];
  const published = await ctx.db
    .select()
    .from(panelizerExport)
    .where(and(eq(panelizerExport.missionId, input.missionId), isNotNull(panelizerExport.publishedAt)))
    .orderBy(desc(panelizerExport.publishedAt));
  return { items: items.map(toProjectSummary), published: published.map(toExportSummary), mayEdit };
}
