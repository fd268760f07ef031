import 'server-only';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { MissionBlurring } from '@/lib/shared/schemas/blurring';
import { recordAudit } from '../audit/record-audit';
import { actorId } from '../auth/actor';
import { missionBlurring, missionImage } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { blurringConflict, fourEyesRefused, requireBlurringMission } from './blurring-access';
import { missionBlurringDto, namesOf } from './image-dto';
import { lockMissionBlurring } from './mission-blurring';

/**
 * Ends the mission's blurring (spec §6): refused with the rule itself to the person who blurred,
 * and while an image is not yet approved. Finished is what the tours' publishing asks for.
 */
export async function finishBlurring(ctx: DomainContext, { missionId }: { missionId: number }): Promise<MissionBlurring> {
  return inTransaction(ctx, async (tx) => {
    await requireBlurringMission(tx, missionId);
    const state = await lockMissionBlurring(tx, missionId);
    const who = actorId(ctx.actor);
    if (state.blurredBy === null) throw blurringConflict('nothing has been blurred yet', 'errors.blurring.notBlurred');
    if (who !== null && state.blurredBy === who) throw fourEyesRefused();
    const [totals] = await tx.db.select({ total: count() }).from(missionImage).where(eq(missionImage.missionId, missionId));
    const [opens] = await tx.db.select({ open: count() }).from(missionImage).where(and(eq(missionImage.missionId, missionId), isNull(missionImage.approvedAt)));
    const total = totals?.total ?? 0;
    const open = opens?.open ?? 0;
    if (total === 0) throw blurringConflict('the mission has no images', 'errors.blurring.noImages');
    if (open > 0) throw blurringConflict(`${open} images are not approved yet`, 'errors.blurring.unapproved', { count: open });
    let row: typeof state | undefined = state;
    if (state.finishedAt === null) {
      const now = ctx.clock.now();
      [row] = await tx.db
        .update(missionBlurring)
        .set({ finishedBy: who, finishedAt: now, updatedAt: now, version: sql`${missionBlurring.version} + 1` })
        .where(eq(missionBlurring.missionId, missionId))
        .returning();
      await recordAudit(tx, { entity: 'mission_blurring', entityId: missionId, missionId, action: 'finish', diff: { images: total, blurredBy: state.blurredBy } });
    }
    return missionBlurringDto(missionId, row, await namesOf(tx, [row!.blurredBy, row!.finishedBy]));
  });
}
