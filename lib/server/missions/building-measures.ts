import 'server-only';
import { DEFAULT_STOREY_HEIGHT_M, measureBuilding, type PolygonGeometry } from '@/lib/shared/geo';
import type { BuildingType } from '@/lib/shared/schemas/building';

/** Geodesic measures of a building outline; an area (a plot, a yard) has no walls, so no facade. */
export function measuresOf(b: { type: BuildingType; footprint: PolygonGeometry; levels: number; storeyHeight?: number }) {
  const storeyHeight = b.storeyHeight ?? DEFAULT_STOREY_HEIGHT_M;
  const measures = measureBuilding(b.footprint, b.levels, storeyHeight);
  return { storeyHeight, ...measures, facadeArea: b.type === 'area' ? 0 : measures.facadeArea };
}
