import type { XY } from '@/lib/shared/panelizer/polygon';

/** How near, in screen pixels, the cursor must be for a point to snap. */
export const SNAP_PIXELS = 8;

/**
 * The slice points in a grid of square cells, so snapping looks at the few cells around the
 * cursor instead of every point (a plan slice has hundreds of thousands).
 */
export interface PointGrid {
  cell: number;
  cells: Map<string, number[]>;
  uv: Float32Array;
}

export function pointGrid(uv: Float32Array, count: number, cell = 0.25): PointGrid {
  const cells = new Map<string, number[]>();
  for (let i = 0; i < count; i++) {
    const key = `${Math.floor(uv[2 * i]! / cell)},${Math.floor(uv[2 * i + 1]! / cell)}`;
    const list = cells.get(key);
    if (list) list.push(i);
    else cells.set(key, [i]);
  }
  return { cell, cells, uv };
}

function nearestGridPoint(grid: PointGrid, p: XY, radius: number): XY | null {
  const reach = Math.ceil(radius / grid.cell);
  const [cx, cy] = [Math.floor(p[0] / grid.cell), Math.floor(p[1] / grid.cell)];
  let best: XY | null = null;
  let bestDistance = radius;
  for (let gx = cx - reach; gx <= cx + reach; gx++) {
    for (let gy = cy - reach; gy <= cy + reach; gy++) {
      for (const i of grid.cells.get(`${gx},${gy}`) ?? []) {
        const [u, v] = [grid.uv[2 * i]!, grid.uv[2 * i + 1]!];
        const d = Math.hypot(u - p[0], v - p[1]);
        if (d <= bestDistance) [best, bestDistance] = [[u, v], d];
      }
    }
  }
  return best;
}

function closestOnSegment(p: XY, a: XY, b: XY): XY {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / lengthSquared));
  return [a[0] + t * dx, a[1] + t * dy];
}

export interface SnapTargets {
  /** Outline corners (and the points of the outline being drawn). */
  vertices: readonly XY[];
  edges: readonly (readonly [XY, XY])[];
  points?: PointGrid | null;
}

export type SnapKind = 'vertex' | 'edge' | 'point';

/**
 * Where a click at `p` lands: on the nearest corner within `radius` metres, else the nearest
 * edge, else the nearest slice point, else where it was. Corners first: closing an outline or
 * meeting a neighbour's corner is what the user means most often.
 */
export function snap(p: XY, targets: SnapTargets, radius: number): { point: XY; kind: SnapKind | null } {
  let best: XY | null = null;
  let bestDistance = radius;
  for (const v of targets.vertices) {
    const d = Math.hypot(v[0] - p[0], v[1] - p[1]);
    if (d <= bestDistance) [best, bestDistance] = [v, d];
  }
  if (best) return { point: best, kind: 'vertex' };
  for (const [a, b] of targets.edges) {
    const q = closestOnSegment(p, a, b);
    const d = Math.hypot(q[0] - p[0], q[1] - p[1]);
    if (d <= bestDistance) [best, bestDistance] = [q, d];
  }
  if (best) return { point: best, kind: 'edge' };
  const point = targets.points ? nearestGridPoint(targets.points, p, radius) : null;
  return point ? { point, kind: 'point' } : { point: p, kind: null };
}
