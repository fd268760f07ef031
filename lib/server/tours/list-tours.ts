import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { ToursDto } from '@/lib/shared/schemas/tour';
import { tour } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { requireMission } from '../missions/visibility';
import { generateBlockers } from './generate-rules';
import { missionPanoramas } from './panoramas';
import { EDIT_TOURS, SEE_TOURS } from './tour-access';
import { toTourDtos } from './tour-dto';

/** The mission's tours, oldest first, with whether "generate" is possible now and, if not, why. */
export async function listTours(ctx: DomainContext, input: { missionId: number }): Promise<ToursDto> {
  const { row: mission, access } = await requireMission(ctx, input.missionId, SEE_TOURS);
  const rows = await ctx.db.select().from(tour).where(eq(tour.missionId, input.missionId)).orderBy(asc(tour.id));
  const blockedBy = await generateBlockers(ctx, mission, await missionPanoramas(ctx, input.missionId));
  return { items: await toTourDtos(ctx, rows), generate: { allowed: blockedBy.length === 0, blockedBy }, mayEdit: access.capabilities.has(EDIT_TOURS) };
}
