import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ImageRegions, saveRegionsBody } from '@/lib/shared/schemas/blurring';
import { recordAudit } from '../audit/record-audit';
import { actorId } from '../auth/actor';
import { missionImage } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { versionConflict } from '../errors';
import { blurringConflict, requireImage } from './blurring-access';
import { noteBlurred } from './mission-blurring';
import { mergeRegions } from './region-merge';
import { dropRendered, readOriginal, storeRendered } from './store-rendered';

/**
 * Saves an image's regions as a new version (409 when `version` is stale), renders its blurred
 * derivative from them, and withdraws its approval: what was approved is not what is there now.
 * The first person to save is the one who blurred; a finished blurring re-opens.
 */
export async function saveRegions(ctx: DomainContext, { id, body }: { id: number; body: z.output<typeof saveRegionsBody> }): Promise<ImageRegions> {
  let superseded: (string | null)[] = [];
  const result = await inTransaction(ctx, async (tx) => {
    const { image } = await requireImage(tx, id, { review: true, lock: true });
    if (image.detection !== 'done') throw blurringConflict('the image is still being searched for faces', 'errors.blurring.notReady');
    if (image.regionsVersion !== body.version) throw versionConflict('regions');
    const now = ctx.clock.now();
    const who = actorId(ctx.actor);
    const { regions, changes } = mergeRegions(image.regions, body.regions, who, now);
    const version = image.regionsVersion + 1;
    const rendered = await storeRendered(tx, image, await readOriginal(tx, image), regions, version);
    await tx.db
      .update(missionImage)
      .set({ regions, regionsVersion: version, ...rendered, editedBy: who, editedAt: now, approvedBy: null, approvedAt: null, updatedAt: now, version: sql`${missionImage.version} + 1` })
      .where(eq(missionImage.id, id));
    await noteBlurred(tx, image.missionId, who, now);
    await recordAudit(tx, { entity: 'mission_image', entityId: id, missionId: image.missionId, action: 'regions', diff: { version, regions: regions.length, ...changes, approvalWithdrawn: image.approvedBy !== null } });
    superseded = [image.blurredKey, image.thumbnailKey];
    return { imageId: id, version, regions };
  });
  await dropRendered(ctx, superseded);
  return result;
}
