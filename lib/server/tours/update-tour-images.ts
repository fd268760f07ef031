import 'server-only';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TourImagesDto, tourImagesPatchBody } from '@/lib/shared/schemas/tour';
import { recordAudit } from '../audit/record-audit';
import { tourPanorama } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { AppError, notFound, versionConflict } from '../errors';
import { requireMission } from '../missions/visibility';
import { capabilityFor } from '../uploads/create-upload';
import { isSegmented, missionPanoramas, originOf, toTourImageDto } from './panoramas';
import { EDIT_TOURS } from './tour-access';

/**
 * Renames, re-orders, places (floor, position, heading) or removes panoramas from the tours: all
 * changes of one request or none. Each names the version it last read (0 = never changed); a
 * stale one is 409 and nothing is written. The mission row is locked so two editors queue.
 */
export async function updateTourImages(ctx: DomainContext, input: z.output<typeof tourImagesPatchBody> & { missionId: number }): Promise<TourImagesDto> {
  return inTransaction(ctx, async (tx) => {
    const { row: missionRow, access } = await requireMission(tx, input.missionId, EDIT_TOURS, { lock: true });
    const current = new Map((await missionPanoramas(tx, input.missionId)).map((p) => [p.imageId, p]));
    for (const change of input.changes) {
      const was = current.get(change.imageId);
      if (!was) throw notFound('tour image');
      if (was.version !== change.version) throw versionConflict('tour image');
      const next = {
        name: change.name ?? was.name,
        floor: change.floor === undefined ? was.floor : change.floor,
        x: change.x === undefined ? was.x : change.x,
        y: change.y === undefined ? was.y : change.y,
        heading: normalizeHeading(change.heading ?? was.heading),
        inTours: change.inTours ?? was.inTours,
      };
      if ((next.x === null) !== (next.y === null)) {
        throw new AppError('validation', 'A position needs both x and y', { fields: { [`changes.${change.imageId}.y`]: ['validation.required'] } });
      }
      await tx.db
        .insert(tourPanorama)
        .values({ imageId: change.imageId, missionId: input.missionId, ...next })
        .onConflictDoUpdate({ target: tourPanorama.imageId, set: { ...next, updatedAt: sql`now()`, version: sql`${tourPanorama.version} + 1` } });
      current.set(change.imageId, { ...was, ...next, version: was.version + 1 });
    }
    await writeOrder(tx, input.missionId, reorder([...current.values()], input.changes));
    await recordAudit(tx, { entity: 'tour_images', entityId: input.missionId, missionId: input.missionId, action: 'update', diff: { images: input.changes.map((c) => c.imageId) } });
    const panoramas = await missionPanoramas(tx, input.missionId, originOf(missionRow));
    return { items: panoramas.map(toTourImageDto), segmented: isSegmented(panoramas), mayEdit: true, mayUpload: access.capabilities.has(capabilityFor('tour-image')) };
  });
}

/**
 * The order after moving the images whose change names an `order` (a target index; the others keep
 * their relative order). Lowest targets are placed first so several moves land where they asked.
 */
export function reorder<T extends { imageId: number; order: number }>(items: readonly T[], changes: readonly { imageId: number; order?: number }[]): T[] {
  const moves = changes.filter((c): c is { imageId: number; order: number } => c.order !== undefined).sort((a, b) => a.order - b.order);
  const moved = new Set(moves.map((c) => c.imageId));
  const list = [...items].sort((a, b) => a.order - b.order).filter((i) => !moved.has(i.imageId));
  const byId = new Map(items.map((i) => [i.imageId, i]));
  for (const move of moves) list.splice(Math.min(move.order, list.length), 0, byId.get(move.imageId)!);
  return list;
}

/**
 * Pins every image's place in the order. An image never changed gets a row at version 0, so the
 * version a client read (0) stays valid: order belongs to the list, not to one image's edits.
 */
async function writeOrder(tx: DomainContext, missionId: number, list: readonly { imageId: number }[]): Promise<void> {
  for (const [sortOrder, { imageId }] of list.entries()) {
    await tx.db.insert(tourPanorama).values({ imageId, missionId, sortOrder, version: 0 }).onConflictDoUpdate({ target: tourPanorama.imageId, set: { sortOrder } });
  }
}

/** Degrees in [0, 360). */
export const normalizeHeading = (deg: number) => Math.round((((deg % 360) + 360) % 360) * 1000) / 1000;
