import 'server-only';
import { asc, eq, sql } from 'drizzle-orm';
import type { MissionFileDto } from '@/lib/shared/schemas/mission-file';
import { builtOnce } from '../db/built-once';
import type { Db } from '../db/client';
import { appUser, missionFile } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { requireMission } from '../missions/visibility';

/** Kinds in the order the "downloads" section groups them. */
const KIND_ORDER = sql`array_position(array['scan','cad','photo','tour-image']::mission_file_kind[], ${missionFile.kind})`;

/** Every detail page of an internal user reads them: built once (built-once.ts). */
const filesOf = builtOnce((db: Db) =>
  db
    .select({ file: missionFile, uploadedBy: appUser.displayName })
    .from(missionFile)
    .leftJoin(appUser, eq(appUser.identityId, missionFile.uploadedBy))
    .where(eq(missionFile.missionId, sql.placeholder('missionId')))
    .orderBy(KIND_ORDER, asc(missionFile.createdAt), asc(missionFile.id)),
);

/**
 * spec §2 mission detail "downloads": the mission's files with who uploaded them. Raw files are
 * for those who see every field of the mission (readAllFields); external users get 403.
 */
export async function listMissionFiles(ctx: DomainContext, { missionId }: { missionId: number }): Promise<MissionFileDto[]> {
  await requireMission(ctx, missionId, 'readAllFields');
  const rows = await filesOf(ctx.db).execute({ missionId });
  return rows.map(({ file, uploadedBy }) => ({
    id: file.id,
    missionId: file.missionId,
    kind: file.kind,
    filename: file.filename,
    sizeBytes: file.sizeBytes,
    sha256: file.sha256,
    contentType: file.contentType,
    createdAt: file.createdAt.toISOString(),
    uploadedBy: uploadedBy ?? null,
    datasetId: file.datasetId,
  }));
}
