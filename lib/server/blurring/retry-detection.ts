import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { BlurringImage } from '@/lib/shared/schemas/blurring';
import { recordAudit } from '../audit/record-audit';
import { actorId } from '../auth/actor';
import { missionImage } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { blurringConflict, requireImage } from './blurring-access';
import { blurringDetectJob } from './detect-job';
import { imageDto, namesOf } from './image-dto';

/**
 * Runs the search for faces again on an image whose search failed (the worker stopped, the
 * detector could not read it): queued as a new blurring.detect job. A person's regions stay, as
 * on every run.
 */
export async function retryDetection(ctx: DomainContext, { id }: { id: number }): Promise<BlurringImage> {
  return inTransaction(ctx, async (tx) => {
    const { image } = await requireImage(tx, id, { review: true, lock: true });
    if (image.detection !== 'failed') throw blurringConflict('only a failed search for faces is run again', 'errors.blurring.notFailed');
    const now = ctx.clock.now();
    const [row] = await tx.db
      .update(missionImage)
      .set({ detection: 'queued', detectionError: null, updatedAt: now, version: sql`${missionImage.version} + 1` })
      .where(eq(missionImage.id, id))
      .returning();
    await tx.jobs.enqueue(tx.db, blurringDetectJob, { imageId: id }, { missionId: image.missionId, createdBy: actorId(ctx.actor) });
    await recordAudit(tx, { entity: 'mission_image', entityId: id, missionId: image.missionId, action: 'redetect', diff: { error: image.detectionError } });
    return imageDto(row!, await namesOf(tx, [row!.editedBy, row!.approvedBy]), { original: true });
  });
}
