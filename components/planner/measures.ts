import { measureBuilding, type BuildingMeasures } from '@/lib/shared/geo/measure';
import { footprintOf, type PlannedBuilding } from './drawing';

/** The measures the server will store (create-mission.ts): an area (a plot, a yard) has no facade. */
export function measuresOf(building: PlannedBuilding, storeyHeightM: number): BuildingMeasures {
  const measures = measureBuilding(footprintOf(building.ring), building.levels, storeyHeightM);
  return building.type === 'area' ? { ...measures, facadeArea: 0 } : measures;
}

export function totalsOf(buildings: readonly PlannedBuilding[], storeyHeightM: number): BuildingMeasures {
  return buildings
    .map((b) => measuresOf(b, storeyHeightM))
    .reduce((sum, m) => ({ groundArea: sum.groundArea + m.groundArea, perimeter: sum.perimeter + m.perimeter, facadeArea: sum.facadeArea + m.facadeArea }), {
      groundArea: 0,
      perimeter: 0,
      facadeArea: 0,
    });
}
