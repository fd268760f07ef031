import { ApiError, apiFetch } from '@/lib/client/fetcher';
import type { MissionBackupDto, RestoreMissionResult } from '@/lib/shared/api/endpoints/mission-backups';
import { isErrorEnvelope } from '@/lib/shared/errors';

export const backupsPath = (missionId: number) => `/api/v2/missions/${missionId}/backup`;

export const startBackup = (missionId: number) => apiFetch<MissionBackupDto>(backupsPath(missionId), { method: 'POST', json: {} });

/** Sends the archive as the raw body (no multipart): the server streams it through validation. */
export async function uploadRestore(missionId: number, version: number, file: File): Promise<RestoreMissionResult> {
  let response: Response;
  try {
    response = await fetch(`/api/v2/missions/${missionId}/restore?version=${version}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': file.type || 'application/gzip' },
      body: file,
    });
  } catch (err) {
    throw new ApiError(0, 'network', err instanceof Error ? err.message : 'Network error');
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (isErrorEnvelope(body)) throw new ApiError(response.status, body.error.code, body.error.message, body.error.details);
    throw new ApiError(response.status, response.status >= 500 ? 'internal' : 'bad_request', response.statusText || `HTTP ${response.status}`);
  }
  return body as RestoreMissionResult;
}

/** The reasons a restore is refused with (lib/server/missions/backup/manifest.ts RefusalReason), each with a text. */
export const REFUSAL_REASONS = ['format', 'manifest', 'version', 'path', 'checksum', 'record', 'mission', 'reference', 'size'] as const;
