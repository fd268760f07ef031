import 'server-only';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mission } from '../../db/schema';
import { joinKey } from '../../storage/keys';
import type { Storage } from '../../storage/types';
import { collectRecords } from './records';
import { writeBackupArchive, type ArchiveFile } from './write-archive';

export const MISSION_BACKUP_JOB = 'mission.backup';

/** Where a mission's own stored files live; a backup takes everything under it. */
export const missionFilesPrefix = (missionId: number) => `${joinKey('missions', missionId)}/`;
/** Where every mission's backup archives live (`backups/missions/<mission id>/<job id>.tar.gz`). */
export const BACKUPS_PREFIX = 'backups/missions/';
/** Archives are kept apart from the mission's files, so a backup never contains older backups. */
export const backupArchiveKey = (missionId: number, jobId: string) => joinKey('backups', 'missions', missionId, `${jobId}.tar.gz`);

const ARCHIVE_KEY = /^backups\/missions\/([1-9]\d*)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.tar\.gz$/;

/** The mission and job of an archive key made by backupArchiveKey; null for any other key. */
export function parseBackupArchiveKey(key: string): { missionId: number; jobId: string } | null {
  const match = ARCHIVE_KEY.exec(key);
  return match ? { missionId: Number(match[1]), jobId: match[2]! } : null;
}

export interface BackupResult {
  key: string;
  fileName: string;
  size: number;
  sha256: string;
  files: number;
  records: { buildings: number; tags: number; shares: number; datasets: number; auditEvents: number; measurements: number; renderedSlices: number; tours: number };
}

export class MissionGoneError extends Error {
  override name = 'MissionGoneError';
}

/** The download name: mission-42-backup-2026-03-04T1405Z.tar.gz */
export function backupFileName(missionId: number, at: Date): string {
  const stamp = at.toISOString().slice(0, 16).replace(/:/g, '');
  return `mission-${missionId}-backup-${stamp}Z.tar.gz`;
}

async function filesOf(storage: Storage, missionId: number, signal: AbortSignal): Promise<ArchiveFile[]> {
  const prefix = missionFilesPrefix(missionId);
  const files: ArchiveFile[] = [];
  for await (const entry of storage.list(prefix)) {
    signal.throwIfAborted();
    const info = await storage.head(entry.key);
    if (!info) continue; // deleted meanwhile
    let sha256 = info.sha256;
    if (sha256 === null) {
      // Written around this layer (no recorded checksum): hash it once here.
      const hash = createHash('sha256');
      for await (const chunk of (await storage.get(entry.key)).body) hash.update(chunk as Buffer);
      sha256 = hash.digest('hex');
    }
    files.push({ key: entry.key, relativeKey: entry.key.slice(prefix.length), size: info.size, sha256, contentType: info.contentType });
  }
  return files.sort((a, b) => (a.key < b.key ? -1 : 1));
}

/**
 * The work of the `mission.backup` job: a consistent snapshot of the mission's records (one
 * REPEATABLE READ transaction), its stored files, packed into a tar.gz written to the job's scratch
 * space and moved into place as the last step. The mission's backup state follows along; it is
 * bookkeeping, not an edit, so it does not bump the mission's version (a user editing the
 * mission meanwhile must not get a 409 because a backup ran).
 */
export async function makeBackup(input: {
  db: Db;
  storage: Storage;
  missionId: number;
  jobId: string;
  createdBy: string | null;
  scratchPrefix: string;
  signal: AbortSignal;
  reportProgress(percent: number): Promise<void>;
}): Promise<BackupResult> {
  const { db, storage, missionId, signal } = input;
  const state = (backupState: 'running' | 'done', extra: object = {}) =>
    db.update(mission).set({ backupState, ...extra }).where(eq(mission.id, missionId));
  await state('running');
  const records = await db.transaction((tx) => collectRecords({ db: tx }, missionId), { isolationLevel: 'repeatable read', accessMode: 'read only' });
  if (!records) throw new MissionGoneError(`mission ${missionId} no longer exists`);
  const files = await filesOf(storage, missionId, signal);
  await input.reportProgress(5);

  const createdAt = new Date();
  const scratchKey = joinKey(input.scratchPrefix.replace(/\/$/, ''), 'backup.tar.gz');
  const written = await writeBackupArchive({
    storage,
    key: scratchKey,
    missionId,
    createdAt,
    createdBy: input.createdBy,
    records,
    files,
    signal,
    onProgress: (fraction) => input.reportProgress(5 + Math.floor(fraction * 90)),
  });
  const key = backupArchiveKey(missionId, input.jobId);
  await storage.move(scratchKey, key);
  await state('done', { backedUpAt: sql`now()` });
  return {
    key,
    fileName: backupFileName(missionId, createdAt),
    size: written.size,
    sha256: written.sha256,
    files: files.length,
    records: {
      buildings: records.buildings.length,
      tags: records.tags.length,
      shares: records.shares.length,
      datasets: records.datasets.length,
      auditEvents: records.auditEvents.length,
      measurements: records.measurements.length,
      renderedSlices: records.renderedSlices.length,
      tours: records.tours.length,
    },
  };
}

/** After a final failure or a cancellation: the mission says so (no version bump, see above). */
export async function markBackupFailed(db: Db, missionId: number): Promise<void> {
  await db.update(mission).set({ backupState: 'failed' }).where(eq(mission.id, missionId));
}
