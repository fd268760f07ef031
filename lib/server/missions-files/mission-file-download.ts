import 'server-only';
import { and, eq } from 'drizzle-orm';
import { blurringConflict } from '../blurring/blurring-access';
import { missionFile, missionImage } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { notFound } from '../errors';
import { requireMission } from '../missions/visibility';

export interface MissionFileRef {
  key: string;
  filename: string;
  contentType: string;
}

/**
 * Where one file of the mission is stored, after checking the caller may have the mission's raw
 * files (readAllFields): 404 for a file of another mission, so ids teach nothing across missions.
 */
export async function missionFileDownload(ctx: DomainContext, { missionId, fileId }: { missionId: number; fileId: number }): Promise<MissionFileRef> {
  await requireMission(ctx, missionId, 'readAllFields');
  const [row] = await ctx.db
    .select({ key: missionFile.storageKey, filename: missionFile.filename, contentType: missionFile.contentType, imageId: missionImage.id, blurredKey: missionImage.blurredKey })
    .from(missionFile)
    .leftJoin(missionImage, eq(missionImage.missionFileId, missionFile.id))
    .where(and(eq(missionFile.id, fileId), eq(missionFile.missionId, missionId)));
  if (!row) throw notFound('file');
  if (row.imageId === null) return { key: row.key, filename: row.filename, contentType: row.contentType };
  if (row.blurredKey === null) throw blurringConflict('the blurred image is not rendered yet', 'errors.blurring.notReady');
  return { key: row.blurredKey, filename: `${row.filename.replace(/\.[^.]*$/, '')}-blurred.jpg`, contentType: 'image/jpeg' };
}
