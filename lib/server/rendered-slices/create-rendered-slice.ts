import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { RENDERED_SLICE_MAX_BYTES, RENDERED_SLICE_MAX_PIXELS, type RenderedSliceDto } from '@/lib/shared/schemas/rendered-slice';
import { actorId } from '../auth/actor';
import { recordAudit } from '../audit/record-audit';
import { appUser, measurement, renderedSlice } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { AppError } from '../errors';
import { joinKey } from '../storage/keys';
import { assertUpload } from '../storage/upload-guard';
import { requireMission } from '../missions/visibility';
import { toRenderedSliceDto } from './list-rendered-slices';
import { pngSize } from './png';
import { EDIT_RENDERED_SLICES } from './rendered-slice-access';

export interface RenderedSliceUpload {
  missionId: number;
  name: string;
  scale: number;
  dpi: number;
  sliceId?: number;
  contentType: string | null;
  /** The PNG, already bounded to RENDERED_SLICE_MAX_BYTES by the route. */
  bytes: Uint8Array;
}

/**
 * Stores a slice view exported from the viewer with the mission: the mission's edit check first,
 * then the type (declared image/png and a complete PNG by its bytes), its pixel size from the PNG,
 * the slice it names (one of this mission's), the bytes under the mission's key, and the row.
 */
export async function createRenderedSlice(ctx: DomainContext, input: RenderedSliceUpload): Promise<RenderedSliceDto> {
  const { missionId, bytes } = input;
  await requireMission(ctx, missionId, EDIT_RENDERED_SLICES);
  assertUpload({ size: bytes.byteLength, maxBytes: RENDERED_SLICE_MAX_BYTES, contentType: input.contentType, allowed: ['image/png'] });
  const { width, height } = pngSize(bytes);
  if (width < 1 || height < 1 || width > RENDERED_SLICE_MAX_PIXELS || height > RENDERED_SLICE_MAX_PIXELS) {
    throw new AppError('unprocessable', `A slice view is at most ${RENDERED_SLICE_MAX_PIXELS} pixels each way`, { width, height }, 'errors.renderedSlices.tooManyPixels');
  }
  if (input.sliceId !== undefined) {
    const [slice] = await ctx.db
      .select({ id: measurement.id })
      .from(measurement)
      .where(and(eq(measurement.id, input.sliceId), eq(measurement.missionId, missionId), eq(measurement.kind, 'slice')));
    if (!slice) throw new AppError('validation', 'invalid input', { fields: { sliceId: ['validation.invalidOption'] } });
  }
  const key = joinKey('missions', missionId, 'rendered-slices', `${randomUUID()}.png`);
  const stored = await ctx.storage.put(key, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { contentType: 'image/png', maxBytes: RENDERED_SLICE_MAX_BYTES });
  try {
    return await inTransaction(ctx, async (tx) => {
      await requireMission(tx, missionId, EDIT_RENDERED_SLICES);
      const [row] = await tx.db
        .insert(renderedSlice)
        .values({
          missionId,
          measurementId: input.sliceId ?? null,
          name: input.name,
          scale: input.scale,
          dpi: input.dpi,
          widthPx: width,
          heightPx: height,
          storageKey: key,
          sizeBytes: stored.size,
          sha256: stored.sha256,
          createdBy: actorId(tx.actor),
        })
        .returning();
      await recordAudit(tx, { entity: 'rendered_slice', entityId: row!.id, missionId, action: 'create', diff: { name: input.name, scale: input.scale, dpi: input.dpi } });
      const [who] = row!.createdBy ? await tx.db.select({ name: appUser.displayName }).from(appUser).where(eq(appUser.identityId, row!.createdBy)) : [];
      return toRenderedSliceDto(row!, who?.name ?? null);
    });
  } catch (err) {
    // No row, no picture: the stored bytes go again.
    await ctx.storage.delete(key).catch(() => undefined);
    throw err;
  }
}
