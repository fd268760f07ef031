import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { PanelizerDocument } from '@/lib/shared/panelizer/document';
import { validatePanelizerDocument } from '@/lib/shared/panelizer/validate';
import type { PanelizerProjectDto } from '@/lib/shared/schemas/panelizer';
import { actorId } from '../auth/actor';
import { recordAudit } from '../audit/record-audit';
import { panelizerProject } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { AppError } from '../errors';
import { requireProject, type PanelizerProjectRow } from './panelizer-access';
import { toProjectDto } from './panelizer-dto';

/**
 * 409 on a stale save, naming the current version (and the saved document's time), so the editor
 * keeps the user's work and decides how to go on; it never overwrites a newer save.
 */
const stale = (current: PanelizerProjectRow) =>
  new AppError('version_conflict', 'The panelizer project was saved elsewhere in the meantime', { currentVersion: current.version, updatedAt: current.updatedAt.toISOString() }, 'panelizer.errors.staleSave');

/** Refuses a document that breaks the rules of lib/shared/panelizer/validate.ts (422 with each field's key). */
export function assertValidDocument(document: PanelizerDocument): void {
  const issues = validatePanelizerDocument(document);
  if (issues.length === 0) return;
  const fields: Record<string, string[]> = {};
  for (const issue of issues) (fields[`document.${issue.path}`] ??= []).push(issue.key);
  throw new AppError('unprocessable', 'The panelizer document is not valid', { fields }, 'panelizer.errors.invalidDocument');
}

/** The editor's autosave: PUT the whole document with the version it was based on. */
export async function savePanelizerDocument(ctx: DomainContext, input: { id: string; version: number; document: PanelizerDocument }): Promise<PanelizerProjectDto> {
  assertValidDocument(input.document);
  return inTransaction(ctx, async (tx) => {
    const { row: current } = await requireProject(tx, input.id, { lock: true });
    if (current.version !== input.version) throw stale(current);
    const [row] = await tx.db
      .update(panelizerProject)
      .set({ document: input.document, updatedBy: actorId(tx.actor), updatedAt: sql`now()`, version: sql`${panelizerProject.version} + 1` })
      .where(eq(panelizerProject.id, input.id))
      .returning();
    // The document itself is not copied into the trail: exports keep the snapshots that matter.
    await recordAudit(tx, { entity: 'panelizer_project', entityId: input.id, missionId: current.missionId, action: 'saveDocument', diff: { version: row!.version } });
    return toProjectDto(row!);
  });
}

/** PATCH: renames the project (409 with the current version when stale). */
export async function renamePanelizerProject(ctx: DomainContext, input: { id: string; version: number; name: string }): Promise<PanelizerProjectDto> {
  return inTransaction(ctx, async (tx) => {
    const { row: current } = await requireProject(tx, input.id, { lock: true });
    if (current.version !== input.version) throw stale(current);
    if (current.name === input.name) return toProjectDto(current);
    const [row] = await tx.db
      .update(panelizerProject)
      .set({ name: input.name, updatedBy: actorId(tx.actor), updatedAt: sql`now()`, version: sql`${panelizerProject.version} + 1` })
      .where(eq(panelizerProject.id, input.id))
      .returning();
    await recordAudit(tx, { entity: 'panelizer_project', entityId: input.id, missionId: current.missionId, action: 'update', diff: { name: [current.name, input.name] } });
    return toProjectDto(row!);
  });
}

/** Deletes the project and its exports (a published one stops being shown). */
export async function deletePanelizerProject(ctx: DomainContext, input: { id: string; version: number }): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const { row: current } = await requireProject(tx, input.id, { lock: true });
    if (current.version !== input.version) throw stale(current);
    await tx.db.delete(panelizerProject).where(eq(panelizerProject.id, input.id));
    await recordAudit(tx, { entity: 'panelizer_project', entityId: input.id, missionId: current.missionId, action: 'delete', diff: { name: current.name } });
  });
}

export async function getPanelizerProject(ctx: DomainContext, input: { id: string }): Promise<PanelizerProjectDto> {
  return toProjectDto((await requireProject(ctx, input.id)).row);
}
