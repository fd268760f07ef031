import { facadeGroups } from '@/components/panelizer/model/facades';
import { emptyPanelizerDocument, type PanelizerDocument } from '@/lib/shared/panelizer/document';

const rectangle = (prefix: string, [x0, y0, x1, y1]: number[]) => ({
  id: `${prefix}o`,
  kind: 'building' as const,
  points: [
    { id: `${prefix}a`, x: x0!, y: y0! },
    { id: `${prefix}b`, x: x1!, y: y0! },
    { id: `${prefix}c`, x: x1!, y: y1! },
    { id: `${prefix}d`, x: x0!, y: y1! },
  ],
});

/** Three storeys, listed out of order in `floors`; the top one set back on the north side. */
function building(): PanelizerDocument {
  return {
    ...emptyPanelizerDocument([0, 0, 0]),
    floorLines: [{ id: 'l0', z: 0 }, { id: 'l1', z: 3 }, { id: 'l2', z: 6 }, { id: 'l3', z: 9 }],
    floors: [{ id: 'l2', planId: 'p2' }, { id: 'l0', planId: 'p0' }, { id: 'l1', planId: 'p0' }],
    plans: [
      { id: 'p0', outlines: [rectangle('g', [0, 0, 10, 5])] },
      { id: 'p2', outlines: [rectangle('t', [0, 0, 10, 4])] },
    ],
    openings: [{ id: 'w1', floorId: 'l0', outlineId: 'go', edgeId: 'ga', kind: 'window', left: 1, bottom: 1, width: 1, height: 1 }],
  };
}

describe('the elevations list grouped by facade', () => {
  it("groups each floor's edge with the edges on the same line facing the same way, top floor first", () => {
    const groups = facadeGroups(building());
    expect(groups.map((g) => `${g.facade.direction}${g.facade.index}`)).toEqual(['north1', 'north2', 'east1', 'south1', 'west1']);
    const south = groups.find((g) => g.facade.direction === 'south')!;
    // The bottom entry is the bottom floor, as in the floor list, whatever order `floors` has.
    expect(south.elevations.map((e) => e.floorId)).toEqual(['l2', 'l1', 'l0']);
    expect(south.elevations.map((e) => e.openings)).toEqual([0, 0, 1]);
    expect(south.elevations.every((e) => e.length === 10)).toBe(true);
    // The set-back top floor's north wall is a facade of its own (nearest the inside first).
    const [north, north2] = groups.filter((g) => g.facade.direction === 'north');
    expect(north!.elevations.map((e) => e.floorId)).toEqual(['l2']);
    expect(north2!.elevations.map((e) => e.floorId)).toEqual(['l1', 'l0']);
  });

  it('is empty without outlines', () => {
    expect(facadeGroups(emptyPanelizerDocument([0, 0, 0]))).toEqual([]);
  });
});
