import 'server-only';
import { desc, eq, sql } from 'drizzle-orm';
import { panelizerResults } from '@/lib/shared/panelizer/results';
import type { PanelizerExportDto, PanelizerExportSummaryDto } from '@/lib/shared/schemas/panelizer';
import { actorId } from '../auth/actor';
import { recordAudit } from '../audit/record-audit';
import { panelizerExport, panelizerProject } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { requireExport, requireProject, type PanelizerExportRow } from './panelizer-access';
import { toExportDto, toExportSummary } from './panelizer-dto';
import { assertValidDocument } from './update-project';

/**
 * Freezes the project as export n + 1: its document and the results computed from it. Numbers
 * come from the project row's lock, so two exports at once still get 1 and 2.
 */
export async function createPanelizerExport(ctx: DomainContext, input: { projectId: string }): Promise<PanelizerExportDto> {
  return inTransaction(ctx, async (tx) => {
    const { row: project } = await requireProject(tx, input.projectId, { lock: true });
    assertValidDocument(project.document);
    const [last] = await tx.db.select({ n: sql<number>`coalesce(max(${panelizerExport.number}), 0)::int` }).from(panelizerExport).where(eq(panelizerExport.projectId, project.id));
    const number = (last?.n ?? 0) + 1;
    const [row] = await tx.db
      .insert(panelizerExport)
      .values({ projectId: project.id, missionId: project.missionId, number, name: project.name, document: project.document, results: panelizerResults(project.document), createdBy: actorId(tx.actor) })
      .returning();
    await recordAudit(tx, { entity: 'panelizer_export', entityId: row!.id, missionId: project.missionId, action: 'create', diff: { projectId: project.id, number, projectVersion: project.version } });
    return toExportDto(row!);
  });
}

export async function listPanelizerExports(ctx: DomainContext, input: { projectId: string }): Promise<{ items: PanelizerExportSummaryDto[] }> {
  await requireProject(ctx, input.projectId);
  const rows = await ctx.db.select().from(panelizerExport).where(eq(panelizerExport.projectId, input.projectId)).orderBy(desc(panelizerExport.number));
  return { items: rows.map(toExportSummary) };
}

/** One export, read-only; for readers only the published one. */
export async function getPanelizerExport(ctx: DomainContext, input: { id: string }): Promise<{ dto: PanelizerExportDto; row: PanelizerExportRow }> {
  const { row } = await requireExport(ctx, input.id);
  return { dto: toExportDto(row), row };
}

/** Publishes the export: the project's published state; the previously published one is withdrawn. */
export async function publishPanelizerExport(ctx: DomainContext, input: { id: string }): Promise<PanelizerExportDto> {
  return inTransaction(ctx, async (tx) => {
    const { row: current } = await requireExport(tx, input.id, { edit: true, lock: true });
    await requireProject(tx, current.projectId, { lock: true });
    if (current.publishedAt) return toExportDto(current);
    const now = tx.clock.now();
    await tx.db.update(panelizerExport).set({ publishedAt: null }).where(eq(panelizerExport.projectId, current.projectId));
    const [row] = await tx.db.update(panelizerExport).set({ publishedAt: now }).where(eq(panelizerExport.id, current.id)).returning();
    await tx.db
      .update(panelizerProject)
      .set({ publishedExportId: current.id, publishedAt: now, updatedAt: sql`now()` })
      .where(eq(panelizerProject.id, current.projectId));
    await recordAudit(tx, { entity: 'panelizer_export', entityId: current.id, missionId: current.missionId, action: 'publish', diff: { number: current.number } });
    return toExportDto(row!);
  });
}

/** Withdraws the export: the project has no published state any more. */
export async function unpublishPanelizerExport(ctx: DomainContext, input: { id: string }): Promise<PanelizerExportDto> {
  return inTransaction(ctx, async (tx) => {
    const { row: current } = await requireExport(tx, input.id, { edit: true, lock: true });
    await requireProject(tx, current.projectId, { lock: true });
    if (!current.publishedAt) return toExportDto(current);
    const [row] = await tx.db.update(panelizerExport).set({ publishedAt: null }).where(eq(panelizerExport.id, current.id)).returning();
    await tx.db.update(panelizerProject).set({ publishedExportId: null, publishedAt: null, updatedAt: sql`now()` }).where(eq(panelizerProject.id, current.projectId));
    await recordAudit(tx, { entity: 'panelizer_export', entityId: current.id, missionId: current.missionId, action: 'unpublish', diff: { number: current.number } });
    return toExportDto(row!);
  });
}
