/** @jest-environment node */
import { buildLinks, linkEditsFor, NEIGHBOURS, yawTowards, type PlacedPanorama } from '@/lib/shared/tours/links';

const at = (id: number, floor: number, x: number, y: number, heading = 0): PlacedPanorama => ({ id, floor, x, y, heading });
const deg = (rad: number) => Math.round((rad * 180) / Math.PI);

describe('yawTowards', () => {
  it('is the bearing to the neighbour minus the panorama heading, in (-180°, 180°]', () => {
    expect(deg(yawTowards(at(1, 0, 0, 0), at(2, 0, 0, 5)))).toBe(0);
    expect(deg(yawTowards(at(1, 0, 0, 0), at(2, 0, 5, 0)))).toBe(90);
    expect(deg(yawTowards(at(1, 0, 0, 0), at(2, 0, -5, 0)))).toBe(-90);
    expect(deg(yawTowards(at(1, 0, 0, 0), at(2, 0, 0, -5)))).toBe(180);
    expect(deg(yawTowards(at(1, 0, 0, 0, 90), at(2, 0, 5, 0)))).toBe(0);
    expect(deg(yawTowards(at(1, 0, 0, 0, 270), at(2, 0, 5, 0)))).toBe(180);
  });
});

describe('buildLinks', () => {
  it('links each panorama to its nearest neighbours on its floor, both ways', () => {
    const row = [0, 1, 2, 3, 4, 5].map((i) => at(i + 1, 0, i * 2, 0));
    const links = buildLinks(row, 2);
    expect(links.get(1)!.map((l) => l.to)).toEqual([2, 3]);
    // 4's own nearest are 3 and 5; 6 links to 4 (its second nearest), so 4 links back.
    expect(links.get(4)!.map((l) => l.to)).toEqual([3, 5, 6]);
    // Symmetric: whoever links to 1 is linked back from 1.
    for (const [from, list] of links) for (const l of list) expect(links.get(l.to)!.some((m) => m.to === from)).toBe(true);
  });

  it('joins neighbouring floors once, at their closest pair (the stairs), never skipping a floor', () => {
    const links = buildLinks([at(1, 0, 0, 0), at(2, 0, 10, 0), at(3, 1, 9, 1), at(4, 1, 0, 8), at(5, 2, 0, 9)]);
    const stairs = [...links.entries()].flatMap(([from, list]) => list.filter((l) => l.stairs).map((l) => [from, l.to]));
    expect(stairs.sort()).toEqual([[2, 3], [3, 2], [4, 5], [5, 4]].sort());
    expect(links.get(1)!.some((l) => l.to === 5)).toBe(false);
  });

  it('leaves a lone panorama without links', () => {
    expect(buildLinks([at(7, 0, 1, 1)]).get(7)).toEqual([]);
  });
});

describe('links edited by hand', () => {
  const floorPlan = [at(1, 0, 0, 0), at(2, 0, 2, 0), at(3, 0, 4, 0), at(4, 0, 6, 0), at(5, 1, 6, 1)];
  const pairsOf = (links: Map<number, { to: number }[]>) =>
    [...links.entries()].flatMap(([from, list]) => list.filter((l) => from < l.to).map((l) => [from, l.to])).sort((p, q) => p[0]! - q[0]! || p[1]! - q[1]!);

  it('drops the removed pairs and adds the added ones, both ways, a link across floors being stairs', () => {
    const links = buildLinks(floorPlan, 1, { added: [[5, 1]], removed: [[2, 3]] });
    expect(pairsOf(links)).toEqual([[1, 2], [1, 5], [3, 4], [4, 5]]);
    expect(links.get(1)!.find((l) => l.to === 5)).toMatchObject({ stairs: true });
    expect(links.get(5)!.find((l) => l.to === 1)).toMatchObject({ stairs: true, yaw: yawTowards(floorPlan[4]!, floorPlan[0]!) });
  });

  it('skips pairs naming a panorama no longer in the tour', () => {
    expect(pairsOf(buildLinks(floorPlan.slice(0, 2), 1, { added: [[1, 9]], removed: [] }))).toEqual([[1, 2]]);
  });

  it('stores what makes buildLinks give exactly the links wanted, and keeps them when positions move', () => {
    const wanted: [number, number][] = [[1, 2], [2, 3], [1, 4], [4, 5]];
    // One neighbour each: positions give 1-2, 2-3, 3-4 and the stairs 4-5.
    const edits = linkEditsFor(floorPlan, wanted, 1);
    expect(edits).toEqual({ added: [[1, 4]], removed: [[3, 4]] });
    expect(pairsOf(buildLinks(floorPlan, 1, edits))).toEqual([[1, 2], [1, 4], [2, 3], [4, 5]]);
    // A regeneration after a move recomputes the links from positions, then applies the edits again.
    const moved = floorPlan.map((p) => (p.id === 4 ? { ...p, x: 7 } : p));
    expect(pairsOf(buildLinks(moved, 1, edits))).toEqual([[1, 2], [1, 4], [2, 3], [4, 5]]);
    expect(linkEditsFor(floorPlan, pairsOf(buildLinks(floorPlan, NEIGHBOURS)) as [number, number][])).toEqual({ added: [], removed: [] });
  });
});
