import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { drawingReducer, footprintOf, initialDrawing, plannedOf, type PlannedBuilding } from '@/components/planner/drawing';
import { isPlanConflict, planBody, plannedChanged, rebasePlan, saveMissionPlan } from '@/components/planner/save-plan';
import { ApiError } from '@/lib/client/fetcher';
import type { Position } from '@/lib/shared/geo';
import type { BuildingDto } from '@/lib/shared/schemas/building';
import { jsonFetch } from '@/tests/support/fetch-mock';

const ring = (east = 0): Position[] => [[11.5 + east, 48.1], [11.5002 + east, 48.1], [11.5002 + east, 48.1001], [11.5 + east, 48.1001]];

function stored(id: number, over: Partial<BuildingDto> = {}): BuildingDto {
  return {
    id,
    missionId: 1,
    name: `Haus ${id}`,
    type: 'building',
    footprint: footprintOf(ring(id / 1000)),
    groundArea: 100,
    facadeArea: 120,
    perimeter: 40,
    levels: 1,
    storeyHeight: 3,
    version: 1,
    ...over,
  };
}
const drawnNew = (key: string, east = 0.01): PlannedBuilding => ({ key, name: 'Neu', type: 'building', levels: 2, ring: ring(east) });

describe('the plan body', () => {
  it('sends stored buildings with id and version (their storey height stays) and new ones with the planner storey height', () => {
    const base = [plannedOf(stored(4, { version: 3 }))];
    const body = planBody(base, [{ ...base[0]!, name: ' Haupthaus ' }, drawnNew('n1')], 3);
    expect(body).toEqual({
      buildings: [
        { id: 4, version: 3, name: 'Haupthaus', type: 'building', levels: 1, footprint: stored(4).footprint },
        { name: 'Neu', type: 'building', levels: 2, storeyHeight: 3, footprint: footprintOf(ring(0.01)) },
      ],
      removed: [],
    });
  });

  it('names every building of the loaded plan that is no longer drawn as removed, with the version it was read at', () => {
    // Loaded 1, 2 (version 4) and 3 (version 2); the user removed 2 and 3, kept 1 and drew a new one.
    const base = [plannedOf(stored(1)), plannedOf(stored(2, { version: 4 })), plannedOf(stored(3, { version: 2 }))];
    const body = planBody(base, [base[0]!, drawnNew('n1')], 3);
    expect(body.buildings.map((b) => b.id)).toEqual([1, undefined]);
    expect(body.removed).toEqual([
      { id: 2, version: 4 },
      { id: 3, version: 2 },
    ]);
    // Every stored building the client read is in exactly one of the lists: anything else the server
    // finds was added meanwhile (409), never deleted unseen.
    const named = [...body.buildings.flatMap((b) => (b.id === undefined ? [] : [b.id])), ...body.removed!.map((r) => r.id)];
    expect(named.sort()).toEqual([1, 2, 3]);
    // Nothing removed: an empty list; the plan of a new mission (no base) removes nothing.
    expect(planBody(base, base, 3).removed).toEqual([]);
    expect(planBody([], [drawnNew('n1')], 3).removed).toEqual([]);
  });

  it('after a merge with a building added meanwhile, keeps that building and removes only what the user removed, at the stored versions', () => {
    const base = [plannedOf(stored(1)), plannedOf(stored(2))];
    // The user removed 2; meanwhile someone else changed 2 (version 2) and added 9: the save got a 409.
    const now = [stored(1), stored(2, { levels: 3, version: 2 }), stored(9)];
    const merged = rebasePlan(base, [base[0]!], now);
    const body = planBody(now.map(plannedOf), merged, 3);
    expect(body.buildings.map((b) => [b.id, b.version])).toEqual([
      [1, 1],
      [9, 1],
    ]);
    expect(body.removed).toEqual([{ id: 2, version: 2 }]);
  });

  it('is saved in one PUT and answers the stored buildings', async () => {
    const fetch = jsonFetch(200, { items: [stored(4)] });
    global.fetch = fetch;
    const base = [plannedOf(stored(4)), plannedOf(stored(5))];
    expect(await saveMissionPlan(7, base, [plannedOf(stored(4))], 3)).toEqual([stored(4)]);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v2/missions/7/buildings');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual(planBody(base, [plannedOf(stored(4))], 3));
    expect(JSON.parse(init.body as string)).toMatchObject({ removed: [{ id: 5, version: 1 }] });
  });

  it('treats a stale version and a building removed meanwhile as a conflict, other failures not', () => {
    expect(isPlanConflict(new ApiError(409, 'version_conflict', 'stale'))).toBe(true);
    expect(isPlanConflict(new ApiError(404, 'not_found', 'building not found'))).toBe(true);
    expect(isPlanConflict(new ApiError(409, 'conflict', 'other'))).toBe(false);
    expect(isPlanConflict(new ApiError(0, 'network', 'offline'))).toBe(false);
    expect(isPlanConflict(new Error('x'))).toBe(false);
  });

  it('notices a change of name, type, levels or outline, and nothing else', () => {
    const b = plannedOf(stored(1));
    expect(plannedChanged(b, { ...b })).toBe(false);
    expect(plannedChanged(b, { ...b, version: 9, key: 'x' })).toBe(false);
    expect(plannedChanged(b, { ...b, name: 'Anders' })).toBe(true);
    expect(plannedChanged(b, { ...b, type: 'area' })).toBe(true);
    expect(plannedChanged(b, { ...b, levels: 4 })).toBe(true);
    expect(plannedChanged(b, { ...b, ring: b.ring.map((p, i) => (i === 0 ? [p[0] + 0.00001, p[1]] : p)) })).toBe(true);
    expect(plannedChanged(b, { ...b, ring: b.ring.slice(0, 3) })).toBe(true);
  });
});

describe('merging the drawing with a plan saved meanwhile', () => {
  // The user loaded buildings 1, 2, 3 and 4 (all version 1).
  const base = [1, 2, 3, 4].map((id) => plannedOf(stored(id)));
  const [b1, b2, b3] = base as [PlannedBuilding, PlannedBuilding, PlannedBuilding, PlannedBuilding];
  // The user renamed 1 and 2, left 3 alone, removed 4 and drew a new one.
  const drawn = [{ ...b1, name: 'Meins 1' }, { ...b2, name: 'Meins 2' }, b3, drawnNew('n5')];
  // Meanwhile someone else changed 1 and 3, removed 2, kept 4 and added 9.
  const now = [stored(1, { name: 'Deren 1', version: 2 }), stored(3, { levels: 5, version: 2 }), stored(4), stored(9)];

  const merged = rebasePlan(base, drawn, now);

  it("keeps the user's changes at the stored version, so that saving again overwrites theirs", () => {
    expect(merged[0]).toEqual({ ...b1, name: 'Meins 1', version: 2 });
  });

  it('brings back a building the user changed but someone else removed, as a new one', () => {
    expect(merged[1]).toEqual({ key: b2.key, name: 'Meins 2', type: 'building', levels: 1, ring: b2.ring });
    expect(merged[1]).not.toHaveProperty('id');
    expect(merged[1]).not.toHaveProperty('version');
  });

  it('takes the stored values of a building the user left alone', () => {
    expect(merged[2]).toEqual({ ...b3, levels: 5, version: 2 });
  });

  it("keeps the user's new buildings and removals, and adds the buildings added meanwhile", () => {
    expect(merged.map((b) => b.key)).toEqual([b1.key, b2.key, b3.key, 'n5', 'b9']);
    expect(merged[4]).toEqual(plannedOf(stored(9)));
  });

  it('drops a building the user left alone and someone else removed', () => {
    expect(rebasePlan(base, [b1, b2], [stored(1)]).map((b) => b.key)).toEqual([b1.key]);
  });

  it('leaves an unconflicted drawing as it is', () => {
    const current = base.map((b) => stored(b.id!));
    expect(rebasePlan(base, drawn.slice(0, 1), current)).toEqual([{ ...b1, name: 'Meins 1' }]);
  });

  it('replaces the drawing without undo steps back to stale versions, keeping the new-building counter and the selection', () => {
    let state = initialDrawing(base.slice(0, 2));
    state = drawingReducer(state, { type: 'update', key: b1.key, changes: { name: 'Meins 1' } });
    state = drawingReducer(state, { type: 'remove', key: b2.key });
    state = drawingReducer(state, { type: 'select', selection: { key: b1.key } });
    const created = state.created;
    const rebased = drawingReducer(state, { type: 'rebase', buildings: merged });
    expect(rebased.buildings).toBe(merged);
    expect(rebased.history).toEqual([]);
    expect(rebased.created).toBe(created);
    expect(rebased.selection).toEqual({ key: b1.key });
    expect(drawingReducer(state, { type: 'rebase', buildings: [plannedOf(stored(9))] }).selection).toBeNull();
  });
});

describe('the planner bundle', () => {
  it('imports the zod schema modules for their types only', () => {
    const dir = join(process.cwd(), 'components/planner');
    const clientFiles = readdirSync(dir).filter((f) => /\.tsx?$/.test(f));
    const offending = clientFiles.filter((f) => /^import (?!type )[^;]*from '@\/lib\/shared\/(schemas|api)\//m.test(readFileSync(join(dir, f), 'utf8')));
    expect(clientFiles).toContain('save-plan.ts');
    expect(offending).toEqual([]);
  });
});
