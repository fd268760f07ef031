import type { MissionStorageState } from '@/lib/shared/schemas/storage';

export interface StateInput {
  operation: 'sync' | 'unsync' | 'restore' | null;
  running: boolean;
  error: string | null;
  lastSyncedAt: Date | null;
  unsyncedAt: Date | null;
  fileCount: number;
  /** Files whose cloud copy is verified and current. */
  filesInCloud: number;
  /** Files deleted on purpose whose cloud copy the next sync removes. */
  deletedInCloud: number;
  cloudOnline: boolean;
}

/**
 * The state /storage shows (issue 15 point 3). An operation under way wins; then a failure with
 * its reason; then how the cloud copy compares with the files: all verified is synced, some
 * changed, added or deleted since is out of date.
 */
export function missionStorageState(s: StateInput): MissionStorageState {
  if (s.running) return s.operation === 'sync' ? 'syncing' : s.operation === 'unsync' ? 'unsyncing' : 'restoring';
  if (s.error) return 'error';
  const current = s.filesInCloud === s.fileCount && s.deletedInCloud === 0;
  if (s.cloudOnline && s.lastSyncedAt) return current ? 'synced' : 'outOfDate';
  if (s.unsyncedAt && (!s.lastSyncedAt || s.unsyncedAt > s.lastSyncedAt)) return 'unsynced';
  if (s.lastSyncedAt) return current ? 'synced' : 'outOfDate';
  return 'notSynced';
}

/** Percent and time left from persisted progress; the estimate uses the bytes moved so far. */
export function progressOf(p: { filesDone: number; filesTotal: number; bytesDone: number; bytesTotal: number; startedAt: Date | null }, now: Date) {
  const percent = p.bytesTotal > 0 ? Math.floor((100 * p.bytesDone) / p.bytesTotal) : p.filesTotal > 0 ? Math.floor((100 * p.filesDone) / p.filesTotal) : 0;
  const elapsed = p.startedAt ? (now.getTime() - p.startedAt.getTime()) / 1000 : 0;
  const secondsLeft = p.bytesDone > 0 && elapsed > 0 ? Math.ceil((elapsed * (p.bytesTotal - p.bytesDone)) / p.bytesDone) : null;
  return { ...p, percent: Math.min(100, percent), secondsLeft };
}
