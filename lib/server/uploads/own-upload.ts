import 'server-only';
import { eq } from 'drizzle-orm';
import { upload } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { requireMission } from '../missions/visibility';
import { capabilityFor, uploaderOf, type UploadRow } from './create-upload';
import { uploadNotFound } from './upload-errors';

/**
 * The upload of a HEAD/PATCH/DELETE: only its creator sees it (anyone else, and a cancelled or
 * failed upload, is 404 as if it never existed), and only while they may still upload to its
 * mission (403 'not authorized to access mission id').
 */
export async function requireOwnUpload(ctx: DomainContext, id: string): Promise<UploadRow> {
  const { userId, processorId } = uploaderOf(ctx);
  const [row] = await ctx.db.select().from(upload).where(eq(upload.id, id));
  if (!row || row.userId !== userId || row.processorId !== processorId || row.state === 'cancelled' || row.state === 'failed') throw uploadNotFound();
  await requireMission(ctx, row.missionId, capabilityFor(row.purpose));
  return row;
}
