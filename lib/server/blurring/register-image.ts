import 'server-only';
import { sql } from 'drizzle-orm';
import type { ImageKind } from '@/lib/shared/schemas/blurring';
import { recordAudit } from '../audit/record-audit';
import { missionBlurring, missionImage } from '../db/schema';
import type { DomainContext, Tx } from '../domain/context';
import { blurringDetectJob } from './detect-job';

/**
 * A finished `tour-image` or `photo` upload becomes an image of the mission's blurring review
 * (called inside the upload's finishing transaction) and its detection is queued. A new image
 * re-opens a finished blurring: it has not been checked.
 */
export async function registerImage(
  tx: DomainContext & { db: Tx },
  input: { missionId: number; missionFileId: number; purpose: 'tour-image' | 'photo'; filename: string; uploadedBy: string | null },
): Promise<number> {
  const kind: ImageKind = input.purpose === 'tour-image' ? 'panorama' : 'photo';
  const [image] = await tx.db
    .insert(missionImage)
    .values({ missionId: input.missionId, missionFileId: input.missionFileId, kind, metadata: { filename: input.filename } })
    .returning({ id: missionImage.id });
  await tx.db
    .insert(missionBlurring)
    .values({ missionId: input.missionId })
    .onConflictDoUpdate({ target: missionBlurring.missionId, set: { finishedBy: null, finishedAt: null, updatedAt: sql`now()`, version: sql`${missionBlurring.version} + 1` } });
  await recordAudit(tx, { entity: 'mission_image', entityId: image!.id, missionId: input.missionId, action: 'create', diff: { kind, missionFileId: input.missionFileId } });
  await tx.jobs.enqueue(tx.db, blurringDetectJob, { imageId: image!.id }, { missionId: input.missionId, createdBy: input.uploadedBy });
  return image!.id;
}
