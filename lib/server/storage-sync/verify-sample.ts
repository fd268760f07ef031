import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { encodeKey } from '@/lib/shared/validation/issue';
import { SYSTEM_ACTOR } from '../auth/actor';
import { recordAudit } from '../audit/record-audit';
import { mission, missionStorage, storedFile } from '../db/schema';
import type { Storage } from '../storage/types';
import { hashStored } from '../storage/hash-stored';
import { reconcileInventory, type StoredFileRow } from './inventory';
import { ensureMissionStorage } from './progress';
import { tellAdminsOfDamage } from './storage-notices';
import { copyVerified, markCloudCopy, nowOf, type Tiers } from './tiers';

export interface VerifyOutcome {
  checked: number;
  /** Keys whose damaged copy was replaced from the good one. */
  repaired: string[];
  /** Keys with no good copy left. */
  unrepairable: string[];
}

/** Whether the tier's copy is there and hashes to the recorded SHA-256. */
async function intact(store: Storage, row: StoredFileRow, signal?: AbortSignal): Promise<boolean> {
  try {
    return (await hashStored(store, row.key, signal)).sha256 === row.sha256;
  } catch (err) {
    if ((err as { code?: string }).code === 'not_found') return false;
    throw err;
  }
}

/**
 * The scheduled check (issue 15 point 4): re-reads the files checked longest ago in both tiers,
 * compares their SHA-256 with the inventory and repairs a damaged copy from the good one. What it
 * found is kept on the mission's storage row (shown on /storage) and in the audit trail, and the
 * administrators are told.
 */
export async function verifySample(t: Tiers, sampleSize: number): Promise<VerifyOutcome> {
  const rows = await t.db
    .select()
    .from(storedFile)
    // A file deleted on purpose is not checked: repairing it would bring it back.
    .where(sql`(${storedFile.localState} = 'ok' or ${storedFile.cloudSha256} is not null) and ${storedFile.localState} <> 'deleted'`)
    .orderBy(sql`least(coalesce(${storedFile.localVerifiedAt}, 'epoch'), coalesce(${storedFile.cloudVerifiedAt}, 'epoch'))`, storedFile.id)
    .limit(sampleSize);
  const outcome: VerifyOutcome = { checked: rows.length, repaired: [], unrepairable: [] };
  const damagedByMission = new Map<number, { repaired: number; unrepairable: number }>();
  for (const row of rows) {
    const hasCloud = row.cloudSha256 === row.sha256;
    const localOk = await intact(t.local, row, t.signal);
    const cloudOk = hasCloud ? await intact(t.cloud, row, t.signal) : false;
    const at = nowOf(t);
    let result: 'ok' | 'repaired' | 'lost' = 'ok';
    if (localOk && hasCloud && !cloudOk) {
      await copyVerified(t.local, t.cloud, row.key, row, true, t.signal);
      result = 'repaired';
    } else if (!localOk && cloudOk) {
      await copyVerified(t.cloud, t.local, row.key, row, false, t.signal);
      result = 'repaired';
    } else if (!localOk) {
      result = 'lost';
    }
    const head = result === 'repaired' && !localOk ? await t.local.head(row.key) : null;
    await t.db
      .update(storedFile)
      .set({
        ...(result === 'lost' ? { localState: 'corrupt' as const, localVerifiedAt: null } : { localState: 'ok' as const, localVerifiedAt: at }),
        ...(head ? { localModifiedAt: head.lastModified } : {}),
        updatedAt: at,
      })
      .where(eq(storedFile.id, row.id));
    if (hasCloud && (cloudOk || result === 'repaired')) await markCloudCopy(t.db, row.id, { size: row.size, sha256: row.sha256, at });
    if (result === 'ok') continue;
    (result === 'repaired' ? outcome.repaired : outcome.unrepairable).push(row.key);
    const counts = damagedByMission.get(row.missionId) ?? { repaired: 0, unrepairable: 0 };
    counts[result === 'repaired' ? 'repaired' : 'unrepairable'] += 1;
    damagedByMission.set(row.missionId, counts);
  }
  for (const [missionId, counts] of damagedByMission) {
    const at = nowOf(t);
    await ensureMissionStorage(t.db, missionId);
    await t.db
      .update(missionStorage)
      .set({ checkedAt: at, checkReport: encodeKey('errors.storage.verifyReport', counts), updatedAt: at })
      .where(eq(missionStorage.missionId, missionId));
    await recordAudit({ db: t.db, actor: SYSTEM_ACTOR }, { entity: 'mission', entityId: missionId, missionId, action: 'storage_verify_damage', diff: counts });
    await tellAdminsOfDamage(t.db, { missionId, ...counts });
  }
  return outcome;
}

/**
 * Brings the inventory of every mission up to date (size and date only, cheap for unchanged
 * files): files stored before the inventory existed are recorded, and a file added or changed
 * since its mission's sync shows the mission as out of date on /storage.
 */
export async function refreshInventories(t: Tiers): Promise<number> {
  const missions = await t.db.select({ id: mission.id }).from(mission).orderBy(mission.id);
  for (const { id } of missions) await reconcileInventory(t.db, t.local, id, { signal: t.signal, now: nowOf(t) });
  return missions.length;
}
