import 'server-only';
import { eq } from 'drizzle-orm';
import { storedFile } from '../db/schema';
import { inCloud, reconcileInventory, type StoredFileRow } from './inventory';
import { eachLimited } from './pool';
import { ProgressTracker } from './progress';
import { onCloud } from './cloud-errors';
import { dropForgotten } from './forget-deleted';
import { CloudCopyLedger } from './copy-ledger';
import { copyVerified, nowOf, SourceMismatch, type Tiers } from './tiers';

export interface SyncOutcome {
  filesCopied: number;
  bytesCopied: number;
  /** Cloud copies of files deleted on purpose, removed. */
  filesRemoved: number;
  /** Files in the inventory after the sync. */
  files: number;
  /** Files that could not be copied because the local copy is damaged and the cloud has none. */
  damaged: string[];
  /** Every file is verified in the cloud. */
  online: boolean;
}

/**
 * Copies what the cloud lacks: files not yet verified there or changed since. Verified copies are
 * recorded within a quarter second (copy-ledger.ts), so a sync killed midway resumes about where
 * it stopped. The local tier is only read.
 */
export async function syncFiles(t: Tiers, missionId: number): Promise<SyncOutcome> {
  const rows = await reconcileInventory(t.db, t.local, missionId, { signal: t.signal, now: nowOf(t) });
  const toCopy = rows.filter((r) => r.localState === 'ok' && !inCloud(r));
  const progress = await ProgressTracker.begin(t.db, missionId, 'sync', { files: toCopy.length, bytes: sum(toCopy) }, nowOf(t));
  const damaged: string[] = rows.filter((r) => (r.localState === 'missing' || r.localState === 'corrupt') && !inCloud(r)).map((r) => r.key);
  let bytesCopied = 0;
  let filesCopied = 0;
  const ledger = new CloudCopyLedger(t.db);
  try {
    await eachLimited(
      toCopy,
      t.concurrency,
      async (row) => {
        try {
          await copyVerified(t.local, t.cloud, row.key, row, true, t.signal);
        } catch (err) {
          if (!(err instanceof SourceMismatch)) throw err;
          await t.db.update(storedFile).set({ localState: 'corrupt', localVerifiedAt: null, updatedAt: nowOf(t) }).where(eq(storedFile.id, row.id));
          damaged.push(row.key);
          return;
        }
        await ledger.add({ id: row.id, size: row.size, sha256: row.sha256, at: nowOf(t) });
        filesCopied += 1;
        bytesCopied += row.size;
        await progress.fileDone(row.size);
      },
      t.signal,
    );
  } finally {
    await ledger.flush();
  }
  await progress.flush();
  const filesRemoved = await removeDeletedCopies(t, rows);
  return { filesCopied, bytesCopied, filesRemoved, files: rows.length - filesRemoved, damaged, online: damaged.length === 0 };
}

/** Files the app deleted on purpose lose their cloud copy too, as a sync mirrors (rclone sync). */
export async function removeDeletedCopies(t: Tiers, rows: readonly StoredFileRow[]): Promise<number> {
  const deleted = rows.filter((r) => r.localState === 'deleted');
  await eachLimited(deleted, t.concurrency, (row) => onCloud(() => t.cloud.delete(row.key)), t.signal);
  await dropForgotten(t.db, deleted.map((r) => r.id));
  return deleted.length;
}

export const sum = (rows: readonly Pick<StoredFileRow, 'size'>[]) => rows.reduce((total, r) => total + r.size, 0);
