import { missionBackups } from '@/lib/client/api/mission-backups';
import { apiFetch } from '@/lib/client/fetcher';
import type { RestoreMissionResult } from '@/lib/shared/api/endpoints/mission-backups';

/** The SWR key of the mission's backup list. */
export const backupsPath = (missionId: number) => missionBackups.listMissionBackups.url({ params: { id: missionId } });

export const startBackup = (missionId: number) => missionBackups.startMissionBackup({ params: { id: missionId } });

/** Sends the archive as the raw body (no multipart): the server streams it through validation. */
export function uploadRestore(missionId: number, version: number, file: File): Promise<RestoreMissionResult> {
  return apiFetch<RestoreMissionResult>(missionBackups.restoreMission.url({ params: { id: missionId }, query: { version } }), {
    method: 'POST',
    headers: { 'content-type': file.type || 'application/gzip' },
    body: file,
  });
}

/** The reasons a restore is refused with (lib/server/missions/backup/manifest.ts RefusalReason), each with a text. */
export const REFUSAL_REASONS = ['format', 'manifest', 'version', 'path', 'checksum', 'record', 'mission', 'reference', 'size'] as const;
