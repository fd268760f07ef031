import { apiFetch } from '@/lib/client/fetcher';
import { footprintOf, type PlannedBuilding } from './drawing';
import { buildingBody } from './create-body';

const sameRing = (a: PlannedBuilding['ring'], b: PlannedBuilding['ring']) =>
  a.length === b.length && a.every((p, i) => p[0] === b[i]![0] && p[1] === b[i]![1]);

/**
 * Saves an existing mission's edited plan through the buildings API. Order matters: new
 * buildings first and removals last, because the API keeps a mission's last building (409).
 */
export async function saveMissionPlan(missionId: number, original: readonly PlannedBuilding[], current: readonly PlannedBuilding[], storeyHeightM: number): Promise<void> {
  for (const b of current.filter((c) => c.id === undefined)) {
    await apiFetch(`/api/v2/missions/${missionId}/buildings`, { method: 'POST', json: buildingBody(b, storeyHeightM) });
  }
  for (const b of current) {
    const before = original.find((o) => o.id !== undefined && o.id === b.id);
    if (!before) continue;
    const changed = before.name !== b.name || before.type !== b.type || before.levels !== b.levels || !sameRing(before.ring, b.ring);
    if (!changed) continue;
    await apiFetch(`/api/v2/buildings/${b.id}`, {
      method: 'PATCH',
      json: { version: b.version, name: b.name.trim(), type: b.type, levels: b.levels, footprint: footprintOf(b.ring) },
    });
  }
  for (const b of original.filter((o) => !current.some((c) => c.id === o.id))) {
    await apiFetch(`/api/v2/buildings/${b.id}`, { method: 'DELETE' });
  }
}
