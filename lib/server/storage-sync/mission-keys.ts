import 'server-only';
import { joinKey } from '../storage/keys';

/**
 * Which stored objects belong to a mission: everything under `missions/<id>/` (uploads, datasets,
 * converted point clouds, images, blurred derivatives, thumbnails, tours, CAD, slices) and its
 * backup archives under `backups/missions/<id>/`. A capability that stores a mission's file under
 * these prefixes is inventoried, synchronised and restored without further code.
 */
export const missionPrefixes = (missionId: number): string[] => [`${joinKey('missions', missionId)}/`, `${joinKey('backups', 'missions', missionId)}/`];

/** Prefixes walked to find files of missions that no longer exist. */
export const OWNED_ROOTS = ['missions/', 'backups/missions/'] as const;

const OWNED_KEY = /^(?:backups\/)?missions\/(\d+)\//;

/** The mission a key belongs to, or null for keys outside the mission folders. */
export function missionIdOfKey(key: string): number | null {
  const match = OWNED_KEY.exec(key);
  return match ? Number(match[1]) : null;
}

/** The key shown below the mission (`datasets/7/original.laz`, `backups/…`). */
export function pathInMission(key: string, missionId: number): string {
  const own = `missions/${missionId}/`;
  return key.startsWith(own) ? key.slice(own.length) : key.startsWith(`backups/${own}`) ? `backups/${key.slice(`backups/${own}`.length)}` : key;
}
