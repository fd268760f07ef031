import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { BuildingDto } from '@/lib/shared/schemas/building';
import { building } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { toBuildingDto } from './mission-dto';
import { requireMission } from './visibility';

/** The buildings of a mission (spec §3 Building), in the order they were added; for everyone who sees the mission. */
export async function listMissionBuildings(ctx: DomainContext, input: { missionId: number }): Promise<BuildingDto[]> {
  const { missionId } = input;
  await requireMission(ctx, missionId, 'read');
  const rows = await ctx.db.select().from(building).where(eq(building.missionId, missionId)).orderBy(asc(building.id));
  return rows.map(toBuildingDto);
}
