import 'server-only';
import { and, eq } from 'drizzle-orm';
import { renderedSlice } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { notFound } from '../errors';
import { EDIT_MEASUREMENTS, SEE_MEASUREMENTS } from '../measurements/measurement-access';
import type { MissionCapability } from '../missions/mission-access';
import { requireMission } from '../missions/visibility';

/** Rendered slices go with the viewer's items: seen with the mission, made and deleted by whoever may edit it. */
export const SEE_RENDERED_SLICES: MissionCapability = SEE_MEASUREMENTS;
export const EDIT_RENDERED_SLICES: MissionCapability = EDIT_MEASUREMENTS;

export type RenderedSliceRow = typeof renderedSlice.$inferSelect;

/** One slice view of the mission after the mission's check: 404 for one of another mission, so ids teach nothing across missions. */
export async function requireRenderedSlice(ctx: DomainContext, missionId: number, id: number, capability: MissionCapability): Promise<RenderedSliceRow> {
  await requireMission(ctx, missionId, capability);
  const [row] = await ctx.db.select().from(renderedSlice).where(and(eq(renderedSlice.id, id), eq(renderedSlice.missionId, missionId)));
  if (!row) throw notFound('rendered slice');
  return row;
}
