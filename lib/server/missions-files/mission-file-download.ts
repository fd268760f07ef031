import 'server-only';
import { and, eq } from 'drizzle-orm';
import { missionFile } from '../db/schema';
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
    .select({ key: missionFile.storageKey, filename: missionFile.filename, contentType: missionFile.contentType })
    .from(missionFile)
    .where(and(eq(missionFile.id, fileId), eq(missionFile.missionId, missionId)));
  if (!row) throw notFound('file');
  return row;
}
