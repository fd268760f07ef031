import 'server-only';
import { eq } from 'drizzle-orm';
import { tour } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { AppError, notFound } from '../errors';
import type { MissionCapability } from '../missions/mission-access';
import type { MissionAccess } from '../missions/mission-access';
import { requireMission, type MissionRow } from '../missions/visibility';

/**
 * Who may see and change tours: as visible as their mission (`read`), changed by whoever may edit
 * the mission (`update`): its own company, its operators and the provider's staff. A customer the
 * mission is only shared with watches; another company's customer gets the mission's refusal.
 */
export const SEE_TOURS: MissionCapability = 'read';
export const EDIT_TOURS: MissionCapability = 'update';

export type TourRow = typeof tour.$inferSelect;

/** Loads a tour and checks the capability on its mission (404 unknown tour; the mission's 403). */
export async function requireTour(ctx: DomainContext, id: number, capability: MissionCapability, options: { lock?: boolean } = {}): Promise<{ row: TourRow; mission: MissionRow; access: MissionAccess }> {
  const query = ctx.db.select().from(tour).where(eq(tour.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('tour');
  const { row: mission, access } = await requireMission(ctx, row.missionId, capability);
  return { row, mission, access };
}

/** A refusal the UI names (spec §8 tour failures), as a 409 with its message key. */
export const tourConflict = (message: string, key: string, details?: Record<string, unknown>) => new AppError('conflict', message, details, key);
