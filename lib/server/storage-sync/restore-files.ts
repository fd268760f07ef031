import 'server-only';
import { eq } from 'drizzle-orm';
import { storedFile } from '../db/schema';
import { reconcileInventory } from './inventory';
import { eachLimited } from './pool';
import { ProgressTracker } from './progress';
import { sum } from './sync-files';
import { copyVerified, markCloudCopy, nowOf, SourceMismatch, type Tiers } from './tiers';

export interface RestoreOutcome {
  filesRestored: number;
  bytesRestored: number;
  /** Files missing or damaged locally whose cloud copy is absent or damaged too. */
  lost: string[];
}

/**
 * Brings back from the cloud every file missing or corrupt locally. Every local file is re-read
 * first (a damaged file may keep its size and date), and each restored file is verified by its
 * SHA-256 before it replaces anything.
 */
export async function restoreFiles(t: Tiers, missionId: number): Promise<RestoreOutcome> {
  const rows = await reconcileInventory(t.db, t.local, missionId, { deep: true, signal: t.signal, now: nowOf(t) });
  const broken = rows.filter((r) => r.localState === 'missing' || r.localState === 'corrupt');
  const restorable = broken.filter((r) => r.cloudSha256 === r.sha256);
  const lost = broken.filter((r) => r.cloudSha256 !== r.sha256).map((r) => r.key);
  const progress = await ProgressTracker.begin(t.db, missionId, 'restore', { files: restorable.length, bytes: sum(restorable) }, nowOf(t));
  let filesRestored = 0;
  let bytesRestored = 0;
  await eachLimited(
    restorable,
    t.concurrency,
    async (row) => {
      try {
        await copyVerified(t.cloud, t.local, row.key, row, false, t.signal);
      } catch (err) {
        if (!(err instanceof SourceMismatch)) throw err;
        await markCloudCopy(t.db, row.id, null); // the cloud copy is damaged: it is no copy
        lost.push(row.key);
        return;
      }
      const head = await t.local.head(row.key);
      const at = nowOf(t);
      await t.db.update(storedFile).set({ localState: 'ok', localModifiedAt: head?.lastModified ?? null, localVerifiedAt: at, updatedAt: at }).where(eq(storedFile.id, row.id));
      filesRestored += 1;
      bytesRestored += row.size;
      await progress.fileDone(row.size);
    },
    t.signal,
  );
  await progress.flush();
  return { filesRestored, bytesRestored, lost };
}
