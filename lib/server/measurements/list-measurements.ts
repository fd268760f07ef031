import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { MeasurementDto } from '@/lib/shared/schemas/measurement';
import { measurement } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { requireMission } from '../missions/visibility';
import { SEE_MEASUREMENTS } from './measurement-access';
import { toMeasurementDto } from './measurement-dto';

/** The viewer's saved items of a mission, in the order they were made; for everyone who sees the mission. */
export async function listMeasurements(ctx: DomainContext, input: { missionId: number }): Promise<MeasurementDto[]> {
  await requireMission(ctx, input.missionId, SEE_MEASUREMENTS);
  const rows = await ctx.db.select().from(measurement).where(eq(measurement.missionId, input.missionId)).orderBy(asc(measurement.id));
  return rows.map(toMeasurementDto);
}
