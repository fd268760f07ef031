import type { PanelizerDocument } from '@/lib/shared/panelizer/document';
import { elevationsOf, type Elevation, type Facade } from '@/lib/shared/panelizer/elevations';

export interface FacadeGroup {
  facade: Facade;
  /** The facade's elevations, top floor first: the bottom entry is the bottom floor, as in the floor list. */
  elevations: (Elevation & { openings: number })[];
}

/**
 * Step 3's elevations list (issue 19 point 4): each outline edge of each floor, grouped by facade
 * (the building's sides: edges on one line facing one way, across floors; elevations.ts), in the
 * order the results list them (building first, by compass direction).
 */
export function facadeGroups(doc: PanelizerDocument): FacadeGroup[] {
  const { elevations, facades } = elevationsOf(doc);
  const openings = new Map<string, number>();
  for (const o of doc.openings) {
    const id = `${o.floorId}/${o.outlineId}/${o.edgeId}`;
    openings.set(id, (openings.get(id) ?? 0) + 1);
  }
  const level = new Map(doc.floorLines.map((l, i) => [l.id, i]));
  const byId = new Map(elevations.map((e) => [e.id, { ...e, openings: openings.get(e.id) ?? 0 }]));
  return facades.map((facade) => ({
    facade,
    elevations: facade.elevationIds.map((id) => byId.get(id)!).sort((a, b) => level.get(b.floorId)! - level.get(a.floorId)!),
  }));
}
