import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { MissionImages } from '@/lib/shared/schemas/blurring';
import { missionBlurring, missionImage } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { requireBlurringMission } from './blurring-access';
import { imageDto, missionBlurringDto, namesOf } from './image-dto';

/** The mission's images in upload order with their review state, and the mission's blurring state. */
export async function listMissionImages(ctx: DomainContext, { missionId }: { missionId: number }): Promise<MissionImages> {
  const mission = await requireBlurringMission(ctx, missionId);
  const rows = await ctx.db.select().from(missionImage).where(eq(missionImage.missionId, missionId)).orderBy(asc(missionImage.id));
  const [state] = await ctx.db.select().from(missionBlurring).where(eq(missionBlurring.missionId, missionId));
  const names = await namesOf(ctx, [...rows.flatMap((r) => [r.editedBy, r.approvedBy]), state?.blurredBy ?? null, state?.finishedBy ?? null]);
  return {
    blurring: missionBlurringDto(missionId, state, names),
    instructions: mission.blurringInstructions,
    items: rows.map((r) => imageDto(r, names, { original: true })),
  };
}
