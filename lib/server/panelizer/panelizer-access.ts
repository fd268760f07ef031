import 'server-only';
import { eq } from 'drizzle-orm';
import { panelizerExport, panelizerProject } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { AppError, notFound } from '../errors';
import type { MissionCapability } from '../missions/mission-access';
import { requireMission, type MissionRow } from '../missions/visibility';

/**
 * Who may do what with panelizer projects (issue 19): the provider's staff who work on the
 * mission's scan data — admin, advanced (the project manager) and its operators, the holders of
 * the mission's `upload` capability — create, edit, export and publish. Everyone else who sees the
 * mission (its customer, the partner it is shared with) reads only its published exports; another
 * company's customer gets the mission's refusal, as for every mission resource. `update` would be
 * wrong here: it lets a customer and the partner edit their own order fields.
 */
export const EDIT_PANELIZER: MissionCapability = 'upload';
export const SEE_PANELIZER: MissionCapability = 'read';

export type PanelizerProjectRow = typeof panelizerProject.$inferSelect;
export type PanelizerExportRow = typeof panelizerExport.$inferSelect;

/** Whether the actor edits the panelizer of the mission (processors upload, but draw nothing). */
export const mayEditPanelizer = (ctx: DomainContext, capabilities: ReadonlySet<MissionCapability>) => ctx.actor.kind !== 'processor' && capabilities.has(EDIT_PANELIZER);

export async function requireEditableMission(ctx: DomainContext, missionId: number, options: { lock?: boolean } = {}): Promise<MissionRow> {
  const { row, access } = await requireMission(ctx, missionId, SEE_PANELIZER, options);
  if (!mayEditPanelizer(ctx, access.capabilities)) throw new AppError('not_authorized', 'Only the provider’s staff edit panelizer projects', { missionId }, 'panelizer.errors.notEditor');
  return row;
}

/** Loads a project for an editor (404 unknown, the mission's 403, 403 for readers). */
export async function requireProject(ctx: DomainContext, id: string, options: { lock?: boolean } = {}): Promise<{ row: PanelizerProjectRow; mission: MissionRow }> {
  const query = ctx.db.select().from(panelizerProject).where(eq(panelizerProject.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('panelizer project');
  return { row, mission: await requireEditableMission(ctx, row.missionId) };
}

/**
 * Loads an export: editors read every export of their missions, readers only the published one
 * (an unpublished export stays as unknown to them as a wrong id).
 */
export async function requireExport(ctx: DomainContext, id: string, options: { edit?: boolean; lock?: boolean } = {}): Promise<{ row: PanelizerExportRow; mayEdit: boolean }> {
  const query = ctx.db.select().from(panelizerExport).where(eq(panelizerExport.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('panelizer export');
  const { access } = await requireMission(ctx, row.missionId, SEE_PANELIZER);
  const mayEdit = mayEditPanelizer(ctx, access.capabilities);
  if (options.edit && !mayEdit) throw new AppError('not_authorized', 'Only the provider’s staff publish panelizer exports', { missionId: row.missionId }, 'panelizer.errors.notEditor');
  if (!mayEdit && row.publishedAt === null) throw notFound('panelizer export');
  return { row, mayEdit };
}
