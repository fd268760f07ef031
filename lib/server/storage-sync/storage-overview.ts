import 'server-only';
import { statfs } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import type { StorageOverviewDto, StoredFileDto } from '@/lib/shared/schemas/storage';
import { company, mission, missionStorage, storedFile } from '../db/schema';
import { job } from '../db/schema/jobs';
import type { DomainContext } from '../domain/context';
import { missionVisibleTo } from '../missions/visibility';
import { localStorageRoot } from '../storage/cloud';
import { pathInMission } from './mission-keys';
import { isAdmin } from './orphans';
import { requireStorage, requireStorageMission } from './storage-access';
import { missionStorageState, progressOf } from './storage-state';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * spec §2 /storage: every mission the user may see, with its local and cloud size (from the file
 * inventory), its state and progress, and the totals. Sizes are sums in SQL: no storage access.
 */
export async function storageOverview(ctx: DomainContext): Promise<StorageOverviewDto> {
  await requireStorage(ctx);
  const files = ctx.db
    .select({
      missionId: storedFile.missionId,
      fileCount: sql<number>`count(*) filter (where ${storedFile.localState} <> 'deleted')::int`.as('file_count'),
      localBytes: sql<number>`coalesce(sum(${storedFile.size}) filter (where ${storedFile.localState} = 'ok'), 0)::bigint`.as('local_bytes'),
      cloudBytes: sql<number>`coalesce(sum(${storedFile.cloudSize}), 0)::bigint`.as('cloud_bytes'),
      cloudFiles: sql<number>`count(*) filter (where ${storedFile.cloudSha256} is not null)::int`.as('cloud_files'),
      inCloud: sql<number>`count(*) filter (where ${storedFile.cloudSha256} = ${storedFile.sha256} and ${storedFile.cloudVerifiedAt} is not null and ${storedFile.localState} <> 'deleted')::int`.as('in_cloud'),
      localProblems: sql<number>`count(*) filter (where ${storedFile.localState} in ('missing', 'corrupt'))::int`.as('local_problems'),
      deletedInCloud: sql<number>`count(*) filter (where ${storedFile.localState} = 'deleted')::int`.as('deleted_in_cloud'),
    })
    .from(storedFile)
    .groupBy(storedFile.missionId)
    .as('files');
  const rows = await ctx.db
    .select({
      id: mission.id,
      name: mission.name,
      companyId: mission.companyId,
      companyName: company.name,
      cloudOnline: mission.cloudOnline,
      fileCount: files.fileCount,
      localBytes: files.localBytes,
      cloudBytes: files.cloudBytes,
      cloudFiles: files.cloudFiles,
      inCloud: files.inCloud,
      localProblems: files.localProblems,
      deletedInCloud: files.deletedInCloud,
      storage: missionStorage,
      jobState: job.state,
    })
    .from(mission)
    .innerJoin(company, eq(company.id, mission.companyId))
    .leftJoin(files, eq(files.missionId, mission.id))
    .leftJoin(missionStorage, eq(missionStorage.missionId, mission.id))
    .leftJoin(job, eq(job.id, missionStorage.jobId))
    .where(missionVisibleTo(ctx.actor))
    .orderBy(company.name, mission.id);
  const now = ctx.clock.now();
  const missions = rows.map((r) => {
    const s = r.storage;
    const running = s?.jobId != null && (r.jobState === 'queued' || r.jobState === 'running');
    const fileCount = r.fileCount ?? 0;
    return {
      id: r.id,
      name: r.name,
      companyId: r.companyId,
      companyName: r.companyName,
      fileCount,
      localBytes: Number(r.localBytes ?? 0),
      cloudBytes: Number(r.cloudBytes ?? 0),
      cloudFiles: r.cloudFiles ?? 0,
      localProblems: r.localProblems ?? 0,
      cloudOnline: r.cloudOnline,
      state: missionStorageState({
        operation: s?.operation ?? null,
        running,
        error: s?.error ?? null,
        lastSyncedAt: s?.lastSyncedAt ?? null,
        unsyncedAt: s?.unsyncedAt ?? null,
        fileCount,
        filesInCloud: r.inCloud ?? 0,
        deletedInCloud: r.deletedInCloud ?? 0,
        cloudOnline: r.cloudOnline,
      }),
      progress: running && s ? progressOf(s, now) : null,
      error: running ? null : (s?.error ?? null),
      lastSyncedAt: iso(s?.lastSyncedAt ?? null),
      checkReport: s?.checkReport ?? null,
      checkedAt: iso(s?.checkedAt ?? null),
    };
  });
  return {
    missions,
    totals: {
      localBytes: missions.reduce((t, m) => t + m.localBytes, 0),
      cloudBytes: missions.reduce((t, m) => t + m.cloudBytes, 0),
      freeLocalBytes: await freeLocalBytes(),
    },
    orphansAllowed: isAdmin(ctx.actor),
  };
}

async function freeLocalBytes(): Promise<number | null> {
  const root = localStorageRoot();
  if (!root) return null;
  try {
    const s = await statfs(root);
    return s.bavail * s.bsize;
  } catch {
    return null; // the storage root does not exist yet: nothing stored
  }
}

/** One mission's inventory (expanding it on /storage). */
export async function listStoredFiles(ctx: DomainContext, input: { missionId: number }): Promise<StoredFileDto[]> {
  await requireStorageMission(ctx, input.missionId);
  const rows = await ctx.db.select().from(storedFile).where(eq(storedFile.missionId, input.missionId)).orderBy(storedFile.key);
  return rows.map((r) => ({
    path: pathInMission(r.key, r.missionId),
    size: r.size,
    sha256: r.sha256,
    local: r.localState,
    inCloud: r.cloudSha256 === r.sha256 && r.cloudVerifiedAt !== null,
    cloudVerifiedAt: iso(r.cloudVerifiedAt),
  }));
}

