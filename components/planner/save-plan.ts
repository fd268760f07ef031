import { missions } from '@/lib/client/api/missions';
import { ApiError } from '@/lib/client/fetcher';
import type { BuildingDto, ReplacePlanBody } from '@/lib/shared/schemas/building';
import { footprintOf, plannedOf, sameRing, type PlannedBuilding } from './drawing';
import { buildingBody } from './create-body';

/** Whether the planner's copy of a building differs from another in what the planner edits. */
export const plannedChanged = (before: PlannedBuilding, after: PlannedBuilding) =>
  before.name !== after.name || before.type !== after.type || before.levels !== after.levels || !sameRing(before.ring, after.ring);

/**
 * The PUT body of the whole plan: stored buildings with the version last read (they keep their
 * storey height), new ones with the planner's storey height, and every building of `base` (the
 * stored plan the drawing started from) that is no longer drawn as removed, with its version. The
 * server refuses (409) when a stored building is in neither list: someone else added it meanwhile.
 */
export function planBody(base: readonly PlannedBuilding[], buildings: readonly PlannedBuilding[], storeyHeightM: number): ReplacePlanBody {
  const drawn = new Set(buildings.flatMap((b) => (b.id === undefined ? [] : [b.id])));
  return {
    buildings: buildings.map((b) =>
      b.id === undefined
        ? buildingBody(b, storeyHeightM)
        : { id: b.id, version: b.version, name: b.name.trim(), type: b.type, levels: b.levels, footprint: footprintOf(b.ring) },
    ),
    removed: base.flatMap((b) => (b.id === undefined || drawn.has(b.id) ? [] : [{ id: b.id, version: b.version! }])),
  };
}

/** Saves an existing mission's edited plan in one request: all of it is stored, or nothing. */
export async function saveMissionPlan(
  missionId: number,
  base: readonly PlannedBuilding[],
  buildings: readonly PlannedBuilding[],
  storeyHeightM: number,
): Promise<BuildingDto[]> {
  const saved = await missions.replaceMissionPlan({ params: { id: missionId }, body: planBody(base, buildings, storeyHeightM) });
  return saved.items;
}

/**
 * The plan was saved by someone else meanwhile (409 for a stale version or a building they added,
 * 404 for a building they removed): the save must be merged, not retried blindly.
 */
export const isPlanConflict = (err: unknown) => err instanceof ApiError && (err.code === 'version_conflict' || err.code === 'not_found');

/**
 * Merges the user's drawing with the plan someone else saved meanwhile (three-way, against `base`,
 * the stored plan the drawing started from), so that saving again keeps every edit of both:
 * - a building the user changed keeps the user's shape and values, at the stored version (saving
 *   again overwrites the other's change of it); removed meanwhile, it comes back as a new one;
 * - a building the user left alone takes the stored values, or goes when it was removed;
 * - a building added meanwhile joins the drawing; one the user removed stays removed;
 * - the user's new buildings stay new.
 */
export function rebasePlan(base: readonly PlannedBuilding[], drawn: readonly PlannedBuilding[], stored: readonly BuildingDto[]): PlannedBuilding[] {
  const storedById = new Map(stored.map((b) => [b.id, b]));
  const baseById = new Map(base.flatMap((b) => (b.id === undefined ? [] : [[b.id, b] as const])));
  const merged: PlannedBuilding[] = [];
  for (const b of drawn) {
    if (b.id === undefined) {
      merged.push(b);
      continue;
    }
    const now = storedById.get(b.id);
    const before = baseById.get(b.id);
    const edited = !before || plannedChanged(before, b);
    if (now) merged.push(edited ? { ...b, version: now.version } : { ...plannedOf(now), key: b.key });
    else if (edited) merged.push({ key: b.key, name: b.name, type: b.type, levels: b.levels, ring: b.ring });
  }
  const drawnIds = new Set(drawn.map((b) => b.id));
  for (const now of stored) {
    if (!drawnIds.has(now.id) && !baseById.has(now.id)) merged.push(plannedOf(now));
  }
  return merged;
}
