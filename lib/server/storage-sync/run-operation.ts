import 'server-only';
import { eq } from 'drizzle-orm';
import type { StorageOperation } from '@/lib/shared/schemas/storage';
import { SYSTEM_ACTOR } from '../auth/actor';
import { recordAudit } from '../audit/record-audit';
import { mission, missionStorage } from '../db/schema';
import { REASONS, reasonOf, type Reason } from './reasons';
import { restoreFiles } from './restore-files';
import { tellStorageOutcome } from './storage-notices';
import { syncFiles } from './sync-files';
import { nowOf, type Tiers } from './tiers';
import { unsyncFiles } from './unsync-files';

export interface OperationJob {
  missionId: number;
  jobId: string;
  requestedBy: string | null;
  /** This attempt is the last one: a failure is final. */
  lastAttempt: boolean;
}

export type OperationResult = { skipped: true } | { skipped: false; reason: string | null; [figure: string]: unknown };

/**
 * Runs one operation in the worker, as the job the mission's storage row names: a job that is not
 * (anymore) that one does nothing, so two operations on one mission never run at once. The outcome
 * is recorded on the row and the mission ("cloud online" only when every file is verified in the
 * cloud), audited, and told to whoever asked.
 */
export async function runStorageOperation(t: Tiers, operation: StorageOperation, job: OperationJob): Promise<OperationResult> {
  const { missionId } = job;
  const [row] = await t.db.select().from(missionStorage).where(eq(missionStorage.missionId, missionId));
  if (!row || row.jobId !== job.jobId || row.operation !== operation) return { skipped: true };
  let outcome: Record<string, unknown>;
  let reason: Reason | null = null;
  try {
    if (operation === 'sync') {
      const r = await syncFiles(t, missionId);
      outcome = { filesCopied: r.filesCopied, bytesCopied: r.bytesCopied, files: r.files };
      if (!r.online) reason = REASONS.damaged(r.damaged.length);
    } else if (operation === 'unsync') {
      const r = await unsyncFiles(t, missionId);
      outcome = { filesDeleted: r.filesDeleted, bytesDeleted: r.bytesDeleted };
      if (r.kept.length > 0) reason = REASONS.kept(r.kept.length);
    } else {
      const r = await restoreFiles(t, missionId);
      outcome = { filesRestored: r.filesRestored, bytesRestored: r.bytesRestored };
      if (r.lost.length > 0) reason = REASONS.lost(r.lost.length);
    }
  } catch (err) {
    const failure = reasonOf(err);
    // A retry follows: keep the row naming this job, show why it is retrying.
    if (!job.lastAttempt) await t.db.update(missionStorage).set({ error: failure.key, updatedAt: nowOf(t) }).where(eq(missionStorage.missionId, missionId));
    else await finish(t, operation, job, { failed: true }, failure);
    throw err;
  }
  await finish(t, operation, job, outcome, reason);
  return { skipped: false, reason: reason?.key ?? null, ...outcome };
}

async function finish(t: Tiers, operation: StorageOperation, job: OperationJob, outcome: Record<string, unknown>, reason: Reason | null): Promise<void> {
  const at = nowOf(t);
  const { missionId } = job;
  const succeeded = reason === null;
  await t.db.transaction(async (tx) => {
    await tx
      .update(missionStorage)
      .set({
        jobId: null,
        finishedAt: at,
        error: reason?.key ?? null,
        updatedAt: at,
        ...(operation === 'sync' && succeeded ? { lastSyncedAt: at } : {}),
        ...(operation === 'unsync' ? { unsyncedAt: at } : {}),
      })
      .where(eq(missionStorage.missionId, missionId));
    const flags =
      operation === 'sync'
        ? succeeded
          ? { cloudOnline: true, cloudSyncState: 'synced' as const, cloudSyncedAt: at }
          : { cloudOnline: false, cloudSyncState: 'failed' as const }
        : operation === 'unsync'
          ? { cloudOnline: false, cloudSyncState: succeeded ? ('unsynced' as const) : ('failed' as const) }
          : {};
    if (Object.keys(flags).length > 0) await tx.update(mission).set(flags).where(eq(mission.id, missionId));
    await recordAudit({ db: tx, actor: SYSTEM_ACTOR, requestId: `job:${job.jobId}` }, {
      entity: 'mission',
      entityId: missionId,
      missionId,
      action: `cloud_${operation}_${succeeded ? 'finished' : 'failed'}`,
      diff: { jobId: job.jobId, ...outcome, ...(reason ? { reason: reason.en } : {}) },
    });
    await tellStorageOutcome(tx, { missionId, recipientId: job.requestedBy, operation, reason: reason ? { en: reason.en, de: reason.de } : null });
  });
}
