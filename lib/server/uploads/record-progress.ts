import 'server-only';
import { and, eq, lt } from 'drizzle-orm';
import { dataset, upload } from '../db/schema';
import type { DomainContext } from '../domain/context';
import type { UploadRow } from './create-upload';

/** At most one progress write per upload and interval; the tus store stays the truth about the offset. */
export const PROGRESS_INTERVAL_MS = 1000;
const lastWrite = new Map<string, number>();

/**
 * Records bytes received: `upload.offset`, and for a scan its dataset's progress (below 100 until the
 * finish hook ran), progressAt and lastSeenAt, so "scans" and /pipeline show the upload moving.
 */
export async function recordProgress(ctx: Pick<DomainContext, 'db' | 'clock'>, row: Pick<UploadRow, 'id' | 'size' | 'datasetId'>, offset: number, force = false): Promise<boolean> {
  const now = ctx.clock.now();
  const last = lastWrite.get(row.id) ?? 0;
  if (!force && now.getTime() - last < PROGRESS_INTERVAL_MS) return false;
  lastWrite.set(row.id, now.getTime());
  if (lastWrite.size > 10_000) lastWrite.delete(lastWrite.keys().next().value!);
  await ctx.db.update(upload).set({ offset, updatedAt: now }).where(and(eq(upload.id, row.id), eq(upload.state, 'uploading'), lt(upload.offset, offset)));
  if (row.datasetId !== null) {
    const progress = row.size === 0 ? 99 : Math.min(99, Math.floor((offset / row.size) * 1000) / 10);
    await ctx.db.update(dataset).set({ progress, progressAt: now, lastSeenAt: now }).where(and(eq(dataset.id, row.datasetId), eq(dataset.status, 'uploading')));
  }
  return true;
}
