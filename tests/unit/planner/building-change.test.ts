/** @jest-environment node */
import { buildingChange, type StoredBuilding } from '@/lib/server/missions/building-changes';
import { measuresOf } from '@/lib/server/missions/building-measures';
import { metresPerDegree, type PolygonGeometry } from '@/lib/shared/geo';

/** A rectangle of `east` × `north` metres in Munich. */
function rectangle(east: number, north: number): PolygonGeometry {
  const [lon, lat] = [11.5755, 48.1374];
  const m = metresPerDegree(lat);
  const [e, n] = [east / m.lon, north / m.lat];
  return { type: 'Polygon', coordinates: [[[lon, lat], [lon + e, lat], [lon + e, lat + n], [lon, lat + n], [lon, lat]]] };
}

const shape = { name: 'Haus', type: 'building' as const, footprint: rectangle(20, 10), levels: 3, storeyHeight: 4 };
const current: StoredBuilding = { ...shape, ...measuresOf(shape) };

describe('a change of a stored building', () => {
  it('is nothing when every given value equals the stored one, or none is given', () => {
    expect(buildingChange(current, {})).toBeNull();
    expect(buildingChange(current, { name: 'Haus', type: 'building', levels: 3, footprint: rectangle(20, 10) })).toBeNull();
    expect(buildingChange(current, { name: undefined, storeyHeight: undefined })).toBeNull();
  });

  it('re-measures and names what differs, before and after', () => {
    const change = buildingChange(current, { name: 'Haupthaus', levels: 5 })!;
    expect(change.changes).toMatchObject({ name: 'Haupthaus', levels: 5, storeyHeight: 4, groundArea: current.groundArea, perimeter: current.perimeter });
    expect(change.changes.facadeArea).toBeCloseTo(current.perimeter * 5 * 4, 1);
    expect(change.diff).toEqual({ name: ['Haus', 'Haupthaus'], levels: [3, 5], facadeArea: [current.facadeArea, change.changes.facadeArea] });
  });

  it('keeps the stored storey height when none is given and follows a given one', () => {
    expect(buildingChange(current, { levels: 4 })!.changes.storeyHeight).toBe(4);
    const taller = buildingChange(current, { storeyHeight: 5 })!;
    expect(taller.diff).toEqual({ storeyHeight: [4, 5], facadeArea: [current.facadeArea, taller.changes.facadeArea] });
  });

  it('marks a new outline as changed without copying it into the audit trail', () => {
    const change = buildingChange(current, { footprint: rectangle(30, 10) })!;
    expect(change.diff.footprint).toEqual(['changed', 'changed']);
    expect(change.diff.groundArea![1]).toBeCloseTo(300, 0);
    expect(change.changes.footprint).toEqual(rectangle(30, 10));
  });

  it('drops the facade of an area', () => {
    const change = buildingChange(current, { type: 'area' })!;
    expect(change.changes.facadeArea).toBe(0);
    expect(change.diff).toEqual({ type: ['building', 'area'], facadeArea: [current.facadeArea, 0] });
  });
});
