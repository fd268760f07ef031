/**
 * @jest-environment node
 */
import { isSimplePolygon, signedArea } from '@/lib/shared/panelizer/polygon';
import { proposeFloorLines, proposeOpenings, proposeOutline } from '@/lib/shared/panelizer/proposals';
import { DOOR, GLASS, GRASS, PLASTER, PointSetBuilder } from './proposal-fixtures';

// Outlines trace a grid of a few hundred thousand cells: seconds under Jest on a shared machine.
jest.setTimeout(30_000);

const STOREY = 3;
/** Window rows at sill 0.9 m, 1.4 m high, in each of three storeys. */
const inWindowRow = (z: number) => z % STOREY > 0.9 && z % STOREY < 2.3;

describe('proposeFloorLines', () => {
  it('divides the wall from the ground to its top edge by the pitch of its window rows', () => {
    const s = new PointSetBuilder(1);
    s.area(-5, 35, -0.01, 0.01, 300, GRASS);
    for (const u of [5, 25]) {
      // Two walls cut edge-on through their windows, 9 m high; reveals at each window's sill and head.
      s.line([u, 0], [u, 9], 600, PLASTER, 0.003, (t) => inWindowRow(t));
      for (let k = 0; k < 3; k++) for (const z of [k * STOREY + 0.9, k * STOREY + 2.3]) s.line([u, z], [u + 0.2, z], 300, PLASTER);
      // The glass behind, sparse.
      s.line([u + 0.2, 0], [u + 0.2, 9], 60, GLASS, 0.005, (t) => !inWindowRow(t));
    }
    const lines = proposeFloorLines(s.build());
    expect(lines).toHaveLength(4);
    [0, 3, 6, 9].forEach((z, k) => expect(Math.abs(lines[k]! - z)).toBeLessThanOrEqual(0.03));
  });

  it('takes slabs seen from inside as floor lines, between the ground and the top edge', () => {
    const s = new PointSetBuilder(2);
    s.area(-5, 35, -0.01, 0.01, 300, GRASS);
    for (const u of [5, 25]) s.line([u, 0], [u, 10], 600, PLASTER);
    // Storeys of 3.5 m and 3 m: no rhythm to lean on, the slabs say it.
    for (const z of [3.5, 6.5]) s.area(5, 25, z - 0.01, z + 0.01, 400, PLASTER);
    const lines = proposeFloorLines(s.build());
    expect(lines).toHaveLength(4);
    [0, 3.5, 6.5, 10].forEach((z, k) => expect(Math.abs(lines[k]! - z)).toBeLessThanOrEqual(0.03));
  });

  it('proposes nothing without points', () => {
    expect(proposeFloorLines(new PointSetBuilder().build())).toEqual([]);
  });
});

describe('proposeOutline', () => {
  /** A plan slice of the walls along `corners`, windows every 3 m with their alcoves, ground around. */
  function plan(corners: [number, number][], seed: number) {
    const s = new PointSetBuilder(seed);
    s.area(-3, 26, -3, 18, 3, GRASS);
    corners.forEach((a, i) => {
      const b = corners[(i + 1) % corners.length]!;
      const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
      const [dx, dy] = [(b[0] - a[0]) / length, (b[1] - a[1]) / length];
      // Inward is to the left of a counter-clockwise outline.
      const [ix, iy] = [-dy, dx];
      const inWindow = (t: number) => t % 3 > 0.9 && t % 3 < 2.1 && t > 1 && t < length - 1;
      s.line(a, b, 1000, PLASTER, 0.003, inWindow);
      for (let t = 0.9; t + 1.2 < length - 0.9; t += 3) {
        if (!(t > 1)) continue;
        const at = (d: number, w: number): [number, number] => [a[0] + dx * d + ix * w, a[1] + dy * d + iy * w];
        s.line(at(t, 0), at(t, 0.2), 1000, PLASTER);
        s.line(at(t + 1.2, 0), at(t + 1.2, 0.2), 1000, PLASTER);
        s.line(at(t, 0.2), at(t + 1.2, 0.2), 150, GLASS, 0.005);
      }
    });
    return s.build();
  }

  const nearest = (outline: [number, number][], p: [number, number]) => Math.min(...outline.map((q) => Math.hypot(q[0] - p[0], q[1] - p[1])));

  it('follows the walls’ outer face past the window alcoves: four corners, counter-clockwise, simple', () => {
    const truth: [number, number][] = [[0, 0], [20, 0], [20, 10], [0, 10]];
    const outline = proposeOutline(plan(truth, 3));
    expect(outline).toHaveLength(4);
    expect(signedArea(outline)).toBeGreaterThan(0);
    expect(isSimplePolygon(outline)).toBe(true);
    for (const corner of truth) expect(nearest(outline, corner)).toBeLessThanOrEqual(0.03);
  });

  it('finds an L-shaped building turned by 30° with its six corners', () => {
    const [c, s] = [Math.cos(Math.PI / 6), Math.sin(Math.PI / 6)];
    const turn = ([x, y]: [number, number]): [number, number] => [x * c - y * s + 10, x * s + y * c];
    const truth = ([[0, 0], [16, 0], [16, 6], [7, 6], [7, 14], [0, 14]] as [number, number][]).map(turn);
    const outline = proposeOutline(plan(truth, 4));
    expect(outline).toHaveLength(6);
    expect(isSimplePolygon(outline)).toBe(true);
    for (const corner of truth) expect(nearest(outline, corner)).toBeLessThanOrEqual(0.05);
  });

  it('proposes nothing without points', () => {
    expect(proposeOutline(new PointSetBuilder().build())).toEqual([]);
  });
});

describe('proposeOpenings', () => {
  it('finds windows (sparse dark glass) and a door (another material set back) as rectangles in the wall', () => {
    const s = new PointSetBuilder(5);
    const windows = [{ left: 1, bottom: 0.9 }, { left: 4, bottom: 0.9 }, { left: 10, bottom: 1.1 }].map((w) => ({ ...w, width: 1.2, height: 1.4 }));
    const door = { left: 6.5, bottom: 0, width: 1.1, height: 2.2 };
    const inside = (o: typeof door, u: number, v: number) => u > o.left && u < o.left + o.width && v > o.bottom && v < o.bottom + o.height;
    s.area(0, 12, 0, 3, 800, PLASTER, (u, v) => inside(door, u, v) || windows.some((w) => inside(w, u, v)));
    for (const w of windows) s.area(w.left, w.left + w.width, w.bottom, w.bottom + w.height, 80, GLASS);
    s.area(door.left, door.left + door.width, 0, door.height, 800, DOOR);
    const found = proposeOpenings(s.build(), 12, 0, 3);
    expect(found).toHaveLength(4);
    const iou = (a: typeof door, b: typeof door) => {
      const w = Math.max(0, Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left));
      const h = Math.max(0, Math.min(a.bottom + a.height, b.bottom + b.height) - Math.max(a.bottom, b.bottom));
      return (w * h) / (a.width * a.height + b.width * b.height - w * h);
    };
    for (const want of [...windows.map((w) => ({ ...w, kind: 'window' })), { ...door, kind: 'door' }]) {
      const best = found.reduce((top, f) => (iou(want, f) > iou(want, top) ? f : top), found[0]!);
      expect(iou(want, best)).toBeGreaterThanOrEqual(0.9);
      expect(best.kind).toBe(want.kind);
    }
  });

  it('keeps bottoms relative to zMin, and finds nothing in a plain wall nor where it meets the top', () => {
    const s = new PointSetBuilder(6);
    s.area(0, 8, 6, 9, 800, PLASTER, (u, v) => u > 2 && u < 3.2 && v > 6.9 && v < 8.3);
    const [window] = proposeOpenings(s.build(), 8, 6, 9);
    expect(window).toMatchObject({ kind: 'window' });
    expect(window!.bottom).toBeCloseTo(0.9, 1);
    expect(window!.left).toBeCloseTo(2, 1);
    const plain = new PointSetBuilder(7);
    // A patch missing where the wall meets the top of the elevation (under eaves) is no opening.
    plain.area(0, 8, 0, 3, 800, PLASTER, (u, v) => v > 2.7 && u > 3 && u < 3.6);
    expect(proposeOpenings(plain.build(), 8, 0, 3)).toEqual([]);
  });
});
