import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { BlurringImage } from '@/lib/shared/schemas/blurring';
import { recordAudit } from '../audit/record-audit';
import { actorId } from '../auth/actor';
import { missionImage } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { blurringConflict, fourEyesRefused, requireImage } from './blurring-access';
import { imageDto, namesOf } from './image-dto';
import { lockMissionBlurring } from './mission-blurring';

/**
 * The second person marks an image as correctly blurred. The one who blurred cannot (spec §6: the
 * remaining images must be checked by somebody else), and nothing can be approved before someone
 * blurred it (saved its regions).
 */
export async function approveImage(ctx: DomainContext, { id }: { id: number }): Promise<BlurringImage> {
  return inTransaction(ctx, async (tx) => {
    const { image } = await requireImage(tx, id, { review: true, lock: true });
    const state = await lockMissionBlurring(tx, image.missionId);
    const who = actorId(ctx.actor);
    if (image.detection !== 'done') throw blurringConflict('the image is still being searched for faces', 'errors.blurring.notReady');
    if (state.blurredBy === null || image.editedBy === null) throw blurringConflict('the image has not been blurred yet', 'errors.blurring.notBlurred');
    if (who !== null && state.blurredBy === who) throw fourEyesRefused();
    let row: typeof image | undefined = image;
    if (image.approvedBy === null) {
      const now = ctx.clock.now();
      [row] = await tx.db
        .update(missionImage)
        .set({ approvedBy: who, approvedAt: now, updatedAt: now, version: sql`${missionImage.version} + 1` })
        .where(eq(missionImage.id, id))
        .returning();
      await recordAudit(tx, { entity: 'mission_image', entityId: id, missionId: image.missionId, action: 'approve', diff: { regionsVersion: image.regionsVersion } });
    }
    return imageDto(row!, await namesOf(tx, [row!.editedBy, row!.approvedBy]), { original: true });
  });
}
