import 'server-only';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { MissionBackupDto } from '@/lib/shared/api/endpoints/mission-backups';
import { actorId } from '../../auth/actor';
import { recordAudit } from '../../audit/record-audit';
import { mission } from '../../db/schema';
import { job, type JobRow } from '../../db/schema/jobs';
import { inTransaction, type DomainContext } from '../../domain/context';
import { AppError, notFound } from '../../errors';
import { enqueueJob } from '../../jobs/enqueue';
import { missionBackupJob } from './backup-job';
import { requireBackupAccess } from './access';
import { MISSION_BACKUP_JOB, type BackupResult } from './make-backup';

const LIST_LIMIT = 10;

/**
 * spec §2 "backup": starts the `mission.backup` job (internal users only, access.ts). While one
 * is queued or running for the mission, asking again answers that one instead of starting a second.
 * Audited as `backup` with the job id, in the same transaction as the job.
 */
export async function startMissionBackup(ctx: DomainContext, input: { missionId: number }): Promise<MissionBackupDto> {
  const { missionId } = input;
  return inTransaction(ctx, async (tx) => {
    // The row lock serialises two clicks: the second sees the first's job.
    await requireBackupAccess(tx, missionId, { lock: true });
    const [open] = await tx.db
      .select()
      .from(job)
      .where(and(eq(job.missionId, missionId), eq(job.type, MISSION_BACKUP_JOB), inArray(job.state, ['queued', 'running'])))
      .orderBy(desc(job.createdAt))
      .limit(1);
    if (open) return toDto(open);
    const row = await enqueueJob(tx.db, missionBackupJob, { missionId, requestedBy: actorId(tx.actor) }, { missionId, createdBy: actorId(tx.actor) });
    await tx.db.update(mission).set({ backupState: 'pending' }).where(eq(mission.id, missionId));
    await recordAudit(tx, { entity: 'mission', entityId: missionId, missionId, action: 'backup', diff: { jobId: row.id } });
    return toDto(row);
  });
}

/** The mission's latest backups, newest first. */
export async function listMissionBackups(ctx: DomainContext, input: { missionId: number }): Promise<MissionBackupDto[]> {
  const { missionId } = input;
  await requireBackupAccess(ctx, missionId);
  const rows = await ctx.db
    .select()
    .from(job)
    .where(and(eq(job.missionId, missionId), eq(job.type, MISSION_BACKUP_JOB)))
    .orderBy(desc(job.createdAt), desc(job.id))
    .limit(LIST_LIMIT);
  return rows.map(toDto);
}

export async function getMissionBackup(ctx: DomainContext, input: { missionId: number; backupId: string }): Promise<MissionBackupDto> {
  return toDto(await backupRow(ctx, input));
}

/** Where the archive of a finished backup is stored, for serveStoredFile. */
export async function missionBackupFile(ctx: DomainContext, input: { missionId: number; backupId: string }): Promise<BackupResult> {
  const row = await backupRow(ctx, input);
  const result = row.result as BackupResult | null;
  if (row.state !== 'succeeded' || !result) throw new AppError('conflict', 'The backup is not ready', { state: row.state }, 'errors.missions.backupNotReady');
  return result;
}

async function backupRow(ctx: DomainContext, input: { missionId: number; backupId: string }): Promise<JobRow> {
  const { missionId, backupId } = input;
  await requireBackupAccess(ctx, missionId);
  const [row] = await ctx.db
    .select()
    .from(job)
    .where(and(eq(job.id, backupId), eq(job.missionId, missionId), eq(job.type, MISSION_BACKUP_JOB)));
  if (!row) throw notFound('Backup');
  return row;
}

function toDto(row: JobRow): MissionBackupDto {
  const result = row.result as BackupResult | null;
  const ready = row.state === 'succeeded' && result !== null;
  return {
    id: row.id,
    missionId: row.missionId ?? 0,
    state: row.state,
    progress: row.progress,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
    createdBy: row.createdBy,
    fileName: ready ? result.fileName : null,
    sizeBytes: ready ? result.size : null,
    downloadUrl: ready ? `/api/v2/missions/${row.missionId}/backup/${row.id}/archive` : null,
  };
}
