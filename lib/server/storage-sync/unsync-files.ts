import 'server-only';
import { onCloud } from './cloud-errors';
import { reconcileInventory } from './inventory';
import { dropForgotten } from './forget-deleted';
import { eachLimited } from './pool';
import { ProgressTracker } from './progress';
import { sum } from './sync-files';
import { markCloudCopy, nowOf, type Tiers } from './tiers';

export interface UnsyncOutcome {
  filesDeleted: number;
  bytesDeleted: number;
  /** Cloud copies kept because they are the only good copy (the local file is missing or damaged). */
  kept: string[];
}

/**
 * Removes the mission's cloud copies, never the only copy of a file: every local file is re-read
 * first, and a file whose local copy is missing or damaged keeps its cloud copy.
 */
export async function unsyncFiles(t: Tiers, missionId: number): Promise<UnsyncOutcome> {
  const rows = await reconcileInventory(t.db, t.local, missionId, { deep: true, signal: t.signal, now: nowOf(t) });
  const withCloud = rows.filter((r) => r.cloudSha256 !== null);
  // A file deleted on purpose has no copy worth keeping; a missing or damaged one keeps its cloud copy.
  const toDelete = withCloud.filter((r) => r.localState === 'ok' || r.localState === 'deleted');
  const kept = withCloud.filter((r) => r.localState === 'missing' || r.localState === 'corrupt').map((r) => r.key);
  const progress = await ProgressTracker.begin(t.db, missionId, 'unsync', { files: toDelete.length, bytes: sum(toDelete) }, nowOf(t));
  let bytesDeleted = 0;
  await eachLimited(
    toDelete,
    t.concurrency,
    async (row) => {
      await onCloud(() => t.cloud.delete(row.key));
      await markCloudCopy(t.db, row.id, null);
      bytesDeleted += row.size;
      await progress.fileDone(row.size);
    },
    t.signal,
  );
  await progress.flush();
  await dropForgotten(t.db, toDelete.map((r) => r.id));
  return { filesDeleted: toDelete.length, bytesDeleted, kept };
}
