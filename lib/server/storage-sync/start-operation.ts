import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { StorageOperation, StorageOperationDto } from '@/lib/shared/schemas/storage';
import { actorId } from '../auth/actor';
import { recordAudit } from '../audit/record-audit';
import { mission, missionStorage } from '../db/schema';
import { job } from '../db/schema/jobs';
import { inTransaction, type DomainContext, type Tx } from '../domain/context';
import { AppError } from '../errors';
import { ensureMissionStorage } from './progress';
import { requireStorageMission } from './storage-access';
import { storageRestoreJob, storageSyncJob, storageUnsyncJob } from './storage-jobs';

const CONTRACTS = { sync: storageSyncJob, unsync: storageUnsyncJob, restore: storageRestoreJob } as const;

/** spec §2 /storage and mission action "cloud sync": starts a sync of the mission's files to the cloud. */
export const startCloudSync = (ctx: DomainContext, input: { missionId: number }) => startStorageOperation(ctx, input.missionId, 'sync');
/** Removes the mission's cloud copies (never the only copy of a file). */
export const startCloudUnsync = (ctx: DomainContext, input: { missionId: number }) => startStorageOperation(ctx, input.missionId, 'unsync');
/** Brings back from the cloud every file missing or damaged locally. */
export const startCloudRestore = (ctx: DomainContext, input: { missionId: number }) => startStorageOperation(ctx, input.missionId, 'restore');

/**
 * Starts one operation as a background job. The mission's storage row is locked, so two clicks
 * (or two app instances) see each other: asking again for the operation under way answers that
 * one; asking for another one while it runs is refused with a message (409). Audited with the job.
 */
async function startStorageOperation(ctx: DomainContext, missionId: number, operation: StorageOperation): Promise<StorageOperationDto> {
  return inTransaction(ctx, async (tx) => {
    await requireStorageMission(tx, missionId, { lock: true });
    await ensureMissionStorage(tx.db, missionId);
    const [row] = await tx.db.select().from(missionStorage).where(eq(missionStorage.missionId, missionId)).for('update');
    const running = row?.jobId ? await stillRunning(tx, row.jobId) : false;
    if (running && row?.operation && row.jobId) {
      if (row.operation === operation) return { missionId, operation, jobId: row.jobId };
      throw new AppError('conflict', `A ${row.operation} of this mission is running; wait until it has finished`, { running: row.operation }, `errors.storage.busy.${row.operation}`);
    }
    const created = await tx.jobs.enqueue(tx.db, CONTRACTS[operation], { missionId, requestedBy: actorId(tx.actor) }, { missionId, createdBy: actorId(tx.actor) });
    const at = tx.clock.now();
    await tx.db
      .update(missionStorage)
      .set({ operation, jobId: created.id, filesDone: 0, filesTotal: 0, bytesDone: 0, bytesTotal: 0, startedAt: at, finishedAt: null, error: null, updatedAt: at })
      .where(eq(missionStorage.missionId, missionId));
    if (operation !== 'restore') await tx.db.update(mission).set({ cloudSyncState: operation === 'sync' ? 'syncing' : 'unsyncing' }).where(eq(mission.id, missionId));
    await recordAudit(tx, { entity: 'mission', entityId: missionId, missionId, action: `cloud_${operation}`, diff: { jobId: created.id } });
    return { missionId, operation, jobId: created.id };
  });
}

/** A job named by the row that ended without reaching its handler's end (worker lost) no longer blocks. */
async function stillRunning(tx: { db: Tx | DomainContext['db'] }, jobId: string): Promise<boolean> {
  const [open] = await tx.db.select({ id: job.id }).from(job).where(and(eq(job.id, jobId), inArray(job.state, ['queued', 'running'])));
  return open !== undefined;
}
