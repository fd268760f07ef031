import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { storedFile } from '../db/schema';
import type { Executor } from '../jobs/define';
import type { ListEntry, Storage } from '../storage/types';
import { hashStored } from '../storage/hash-stored';
import { missionPrefixes } from './mission-keys';
import { eachLimited } from './pool';

export type StoredFileRow = typeof storedFile.$inferSelect;

export interface ReconcileOptions {
  /** Re-read every local file (restore, verification) instead of trusting unchanged size and mtime. */
  deep?: boolean;
  signal?: AbortSignal;
  now?: Date;
}

/**
 * Brings a mission's inventory in line with local storage and returns it. A file seen for the
 * first time is recorded with its SHA-256 (the driver's, or hashed here). A file whose size or
 * modification time changed was either rewritten through the storage layer (it carries a new
 * checksum: the file changed, its cloud copy is now out of date) or altered behind its back (no
 * checksum: re-hashed, and if it no longer matches it is corrupt, to be restored from the cloud).
 * A file gone from disk stays recorded as missing while the cloud still holds it, unless the app
 * deleted it on purpose (forget-deleted.ts): then it is `deleted`, and sync removes the cloud copy.
 */
export async function reconcileInventory(db: Executor, local: Storage, missionId: number, options: ReconcileOptions = {}): Promise<StoredFileRow[]> {
  const now = options.now ?? new Date();
  const rows = await db.select().from(storedFile).where(eq(storedFile.missionId, missionId));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const seen = new Set<string>();
  const result: StoredFileRow[] = [];
  const fresh: NewFile[] = [];
  const unknown: ListEntry[] = [];
  for (const prefix of missionPrefixes(missionId)) {
    for await (const entry of local.list(prefix)) {
      seen.add(entry.key);
      const known = byKey.get(entry.key);
      if (!known) {
        unknown.push(entry);
        continue;
      }
      const row = await reconcileOne(db, local, entry, known, { ...options, now });
      if (row) result.push(row);
    }
  }
  // New files are looked at a few at a time: one after the other, the disk's latency added up
  // to a second per thousand files.
  await eachLimited(
    unknown,
    HEADS_AT_ONCE,
    async (entry) => {
      const info = await local.head(entry.key);
      if (!info) return; // deleted while we walked
      const sha256 = info.sha256 ?? (await hashStored(local, entry.key, options.signal)).sha256;
      fresh.push({ missionId, key: entry.key, size: info.size, sha256, localState: 'ok', localModifiedAt: info.lastModified, localVerifiedAt: now });
      if (fresh.length >= INSERT_BATCH) result.push(...(await recordNew(db, fresh.splice(0))));
    },
    options.signal,
  );
  if (fresh.length > 0) result.push(...(await recordNew(db, fresh.splice(0))));
  const gone = rows.filter((r) => !seen.has(r.key));
  const forget = gone.filter((r) => r.cloudSha256 === null).map((r) => r.id);
  if (forget.length > 0) await db.delete(storedFile).where(inArray(storedFile.id, forget));
  for (const row of gone.filter((r) => r.cloudSha256 !== null)) {
    if (row.localState === 'missing' || row.localState === 'deleted') result.push(row);
    else result.push(await update(db, row.id, { localState: 'missing', localVerifiedAt: null, localModifiedAt: null, updatedAt: now }));
  }
  return result;
}

type NewFile = typeof storedFile.$inferInsert;

/** New files are recorded in batches: the first walk of a large mission is thousands of them. */
const INSERT_BATCH = 500;
const HEADS_AT_ONCE = 8;

function recordNew(db: Executor, values: NewFile[]): Promise<StoredFileRow[]> {
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  return db
    .insert(storedFile)
    .values(values)
    .onConflictDoUpdate({
      target: storedFile.key,
      set: {
        missionId: excluded('mission_id'),
        size: excluded('size'),
        sha256: excluded('sha256'),
        localState: excluded('local_state'),
        localModifiedAt: excluded('local_modified_at'),
        localVerifiedAt: excluded('local_verified_at'),
        updatedAt: excluded('local_verified_at'),
      },
    })
    .returning();
}

async function reconcileOne(db: Executor, local: Storage, entry: ListEntry, row: StoredFileRow, options: ReconcileOptions & { now: Date }): Promise<StoredFileRow | null> {
  const { now } = options;
  if (row.localState === 'deleted') return revive(db, local, entry, row, options);
  const sameStat = row.localState !== 'missing' && row.size === entry.size && row.localModifiedAt?.getTime() === entry.lastModified.getTime();
  // A file taken for corrupt is looked at again: it may have been caught between a rewrite and its checksum record.
  const unchanged = sameStat && row.localState === 'ok';
  if (unchanged && !options.deep) return row;
  const info = await local.head(entry.key);
  if (!info) return null; // deleted while we walked
  // A changed file carrying the checksum the driver recorded on write is a deliberate new version.
  const rewritten = !unchanged && info.sha256 !== null && info.sha256 !== row.sha256;
  const actual = rewritten && !options.deep ? { sha256: info.sha256!, size: info.size } : await hashStored(local, entry.key, options.signal);
  if (rewritten && actual.sha256 === info.sha256) {
    return update(db, row.id, { size: info.size, sha256: actual.sha256, localState: 'ok', localModifiedAt: info.lastModified, localVerifiedAt: now, updatedAt: now });
  }
  if (actual.sha256 === row.sha256) return update(db, row.id, { localState: 'ok', localModifiedAt: info.lastModified, localVerifiedAt: now, updatedAt: now });
  if (row.cloudSha256 === null && !options.deep) {
    // Nothing to restore from: the bytes on disk are all there is, so they become the file.
    return update(db, row.id, { size: actual.size, sha256: actual.sha256, localState: 'ok', localModifiedAt: info.lastModified, localVerifiedAt: now, updatedAt: now });
  }
  return update(db, row.id, { localState: 'corrupt', localModifiedAt: info.lastModified, localVerifiedAt: null, updatedAt: now });
}

/** A file written again where one was deleted on purpose is a new file: recorded as it is now. */
async function revive(db: Executor, local: Storage, entry: ListEntry, row: StoredFileRow, options: ReconcileOptions & { now: Date }): Promise<StoredFileRow | null> {
  const info = await local.head(entry.key);
  if (!info) return row;
  const sha256 = info.sha256 ?? (await hashStored(local, entry.key, options.signal)).sha256;
  return update(db, row.id, { size: info.size, sha256, localState: 'ok', localModifiedAt: info.lastModified, localVerifiedAt: options.now, updatedAt: options.now });
}

async function update(db: Executor, id: number, set: Partial<StoredFileRow>): Promise<StoredFileRow> {
  const [row] = await db.update(storedFile).set(set).where(eq(storedFile.id, id)).returning();
  return row!;
}

/** A file whose cloud copy is verified and current. */
export const inCloud = (row: StoredFileRow) => row.cloudSha256 !== null && row.cloudSha256 === row.sha256 && row.cloudVerifiedAt !== null;

/** Rows of a mission, as recorded (no storage access). */
export function missionFiles(db: Executor, missionId: number, keys?: string[]) {
  return db.select().from(storedFile).where(keys ? and(eq(storedFile.missionId, missionId), inArray(storedFile.key, keys)) : eq(storedFile.missionId, missionId));
}
