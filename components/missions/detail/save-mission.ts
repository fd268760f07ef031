import { missions } from '@/lib/client/api/missions';
import { ApiError } from '@/lib/client/fetcher';
import { fieldKeys, type FieldErrors } from '@/lib/shared/errors';
import type { MissionDetail } from '@/lib/shared/schemas/mission-view';

export type WriteOutcome =
  | { ok: true; mission: MissionDetail }
  | { ok: false; reason: 'conflict' | 'invalid' | 'notAuthorized' | 'failed'; fields?: FieldErrors };

/** Maps a failed write onto what the page tells the user (spec §8). */
export function failureOf(err: unknown): Extract<WriteOutcome, { ok: false }> {
  if (!(err instanceof ApiError)) return { ok: false, reason: 'failed' };
  const fields = err.details?.fields ? fieldKeys(err.details.fields) : undefined;
  if (err.status === 409) return { ok: false, reason: 'conflict' };
  if (err.status === 400) return { ok: false, reason: 'invalid', fields };
  if (err.status === 403) return { ok: false, reason: 'notAuthorized', fields };
  return { ok: false, reason: 'failed' };
}

/** PATCH of some fields with the version the page last read (409 when someone else was faster). */
export async function saveMission(id: number, version: number, patch: Record<string, unknown>): Promise<WriteOutcome> {
  try {
    const mission = await missions.updateMission({ params: { id }, body: { version, ...patch } });
    return { ok: true, mission };
  } catch (err) {
    return failureOf(err);
  }
}

const ACTIONS = {
  close: missions.closeMission,
  reopen: missions.reopenMission,
  hide: missions.hideMission,
  show: missions.showMission,
  hold: missions.holdMission,
  resume: missions.resumeMission,
  'cloud-sync': missions.setMissionCloudSync,
} as const;
export type MissionActionPath = keyof typeof ACTIONS;

/** One of the mission actions (POST /api/v2/missions/{id}/{action}); the answer is the changed mission. */
export async function runMissionAction(id: number, path: MissionActionPath, body: Record<string, unknown>): Promise<WriteOutcome> {
  try {
    const mission = await (ACTIONS[path] as typeof missions.closeMission)({ params: { id }, body });
    return { ok: true, mission };
  } catch (err) {
    return failureOf(err);
  }
}
