import 'server-only';
import { and, eq, lt } from 'drizzle-orm';
import { upload } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { endUpload } from './end-upload';
import type { TusArea } from './tus-area';

/**
 * Unfinished uploads past their Upload-Expires: the tus store's own sweep (its bookkeeping of
 * uploads we may not know), then ours, which removes the bytes, cancels the row and deletes a
 * scan's dataset. Run by maintenance.cleanup; returns how many of our uploads expired.
 */
export async function expireUploads(ctx: DomainContext, area: TusArea, now: Date): Promise<number> {
  await area.sweepExpired().catch((err: unknown) => ctx.log.error('tus deleteExpired failed', err));
  const expired = await ctx.db
    .select({ id: upload.id, missionId: upload.missionId })
    .from(upload)
    .where(and(eq(upload.state, 'uploading'), lt(upload.expiresAt, now)));
  let count = 0;
  for (const row of expired) if (await endUpload(ctx, row, area, 'expired')) count += 1;
  return count;
}
