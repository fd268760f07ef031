/*
 * A building outline from a plan slice (u = x, v = y): walls seen from above are lines of many
 * points, the ground and roofs a thin spread. The walls' direction → a grid turned to it →
 * cells dense enough to be wall → closing, so window and door gaps (and the alcoves behind them)
 * are bridged → everything not reachable from the border is building → the largest such region's boundary → simplified → snapped to the grid's
 * axes → each edge moved onto the outer face of the wall points along it.
 */
import type { PanelizerPoints } from '../points';
import { isSimplePolygon, signedArea, type XY } from '../polygon';
import { components, countGrid, dilate, erode } from './grid';
import { traceBoundary, simplifyClosed } from './trace';

const CELL = 0.05;
/** Bridges openings up to twice this wide (doors, wide windows). */
const CLOSING_RADIUS = 0.8;
/** A wall cell holds at least this share of what the densest 5 % of points sit in. */
const WALL_SHARE = 0.15;
const FACE_BAND = 0.3;

/** The count a cell needs to be wall: a share of the point-weighted 95th percentile of cell counts. */
function wallThreshold(counts: Uint32Array): number {
  // A histogram of the counts, each weighted by its points: no sort of a million cells.
  let max = 0;
  for (let i = 0; i < counts.length; i++) if (counts[i]! > max) max = counts[i]!;
  const points = new Float64Array(max + 1);
  let total = 0;
  for (let i = 0; i < counts.length; i++) {
    points[counts[i]!]! += counts[i]!;
    total += counts[i]!;
  }
  let seen = 0;
  for (let c = 1; c <= max; c++) {
    seen += points[c]!;
    if (seen >= 0.95 * total) return Math.max(1, WALL_SHARE * c);
  }
  return 1;
}

/** Everything the outside cannot reach through free cells: buildings with their insides filled. */
function solid(walls: Uint8Array, columns: number, rows: number): Uint8Array {
  const outside = new Uint8Array(walls.length);
  const stack: number[] = [];
  const push = (at: number) => {
    if (!walls[at] && !outside[at]) {
      outside[at] = 1;
      stack.push(at);
    }
  };
  for (let c = 0; c < columns; c++) {
    push(c);
    push((rows - 1) * columns + c);
  }
  for (let r = 0; r < rows; r++) {
    push(r * columns);
    push(r * columns + columns - 1);
  }
  while (stack.length > 0) {
    const at = stack.pop()!;
    const c = at % columns;
    if (c > 0) push(at - 1);
    if (c < columns - 1) push(at + 1);
    if (at >= columns) push(at - columns);
    if (at + columns < walls.length) push(at + columns);
  }
  for (let i = 0; i < outside.length; i++) outside[i] = 1 - outside[i]!;
  return outside;
}

interface Edge {
  /** 0: along the dominant direction (constant b), 1: across it (constant a). */
  axis: 0 | 1;
  offset: number;
  length: number;
}

/** The polygon as alternating axis-parallel edges in the rotated frame (a, b). */
function orthogonalEdges(rotated: XY[]): Edge[] {
  let edges: Edge[] = rotated.map((p, i) => {
    const q = rotated[(i + 1) % rotated.length]!;
    const axis: 0 | 1 = Math.abs(q[0] - p[0]) >= Math.abs(q[1] - p[1]) ? 0 : 1;
    const length = Math.hypot(q[0] - p[0], q[1] - p[1]);
    return { axis, offset: axis === 0 ? (p[1] + q[1]) / 2 : (p[0] + q[0]) / 2, length };
  });
  // Neighbours on the same axis become one edge (length-weighted offset), around the loop too.
  for (let changed = true; changed && edges.length > 1; ) {
    changed = false;
    for (let i = 0; i < edges.length; i++) {
      const j = (i + 1) % edges.length;
      if (i === j || edges[i]!.axis !== edges[j]!.axis) continue;
      const [e, f] = [edges[i]!, edges[j]!];
      const length = e.length + f.length;
      edges[i] = { axis: e.axis, offset: (e.offset * e.length + f.offset * f.length) / Math.max(length, 1e-9), length };
      edges = edges.filter((_, k) => k !== j);
      changed = true;
      break;
    }
  }
  return edges;
}

/** Moves each edge onto the outer face of the points within FACE_BAND of it (outer = away from the inside). */
function fitFaces(edges: Edge[], corners: XY[], rotated: Float32Array, count: number): void {
  edges.forEach((edge, i) => {
    const [p, q] = [corners[i]!, corners[(i + 1) % corners.length]!];
    const along = edge.axis === 0 ? 0 : 1;
    const across = 1 - along;
    const [lo, hi] = [Math.min(p[along], q[along]), Math.max(p[along], q[along])];
    // Counter-clockwise: the inside is to the left of p → q, so "outward" is to the right.
    const direction = Math.sign(q[along] - p[along]);
    const outward = edge.axis === 0 ? -direction : direction;
    const margin = (hi - lo) * 0.1;
    const distances: number[] = [];
    for (let k = 0; k < count; k++) {
      const t = rotated[k * 2 + along]!;
      if (t < lo + margin || t > hi - margin) continue;
      const d = (rotated[k * 2 + across]! - edge.offset) * outward;
      if (Math.abs(d) <= FACE_BAND) distances.push(d);
    }
    if (distances.length < 10) return;
    // The outermost well-filled centimetre: the wall's face, not the reveals and glass behind it.
    const bins = new Uint32Array(Math.ceil((2 * FACE_BAND) / 0.01) + 1);
    for (const d of distances) bins[Math.floor((d + FACE_BAND) / 0.01)]! += 1;
    const peak = Math.max(...bins);
    let outer = bins.length - 1;
    while (outer > 0 && bins[outer]! < 0.3 * peak) outer--;
    const centre = -FACE_BAND + (outer + 0.5) * 0.01;
    const face = distances.filter((d) => Math.abs(d - centre) <= 0.015);
    const shift = face.reduce((sum, d) => sum + d, 0) / face.length;
    edge.offset += shift * outward;
  });
}

const cornersOf = (edges: Edge[]): XY[] =>
  edges.map((edge, i) => {
    const previous = edges[(i + edges.length - 1) % edges.length]!;
    // Edge i starts where the previous edge (the other axis) meets it.
    return edge.axis === 0 ? [previous.offset, edge.offset] : [edge.offset, previous.offset];
  });

/**
 * The direction (radians, 0 … π/2) the walls follow: the turn under which the wall points'
 * projections on both axes are sharpest (sum of squared 2 cm bin counts), searched by degrees,
 * then twentieths, then two-hundredths of a degree.
 */
function wallAngle(xs: Float64Array, ys: Float64Array): number {
  let reach = 0;
  for (let i = 0; i < xs.length; i++) reach = Math.max(reach, Math.abs(xs[i]!), Math.abs(ys[i]!));
  const bins = Math.ceil((2 * Math.SQRT2 * reach) / 0.02) + 2;
  const a = new Float64Array(bins);
  const b = new Float64Array(bins);
  const score = (angle: number) => {
    const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
    a.fill(0);
    b.fill(0);
    for (let i = 0; i < xs.length; i++) {
      a[Math.floor((xs[i]! * cos + ys[i]! * sin) / 0.02 + bins / 2)]! += 1;
      b[Math.floor((-xs[i]! * sin + ys[i]! * cos) / 0.02 + bins / 2)]! += 1;
    }
    let sum = 0;
    for (let k = 0; k < bins; k++) sum += a[k]! * a[k]! + b[k]! * b[k]!;
    return sum;
  };
  const best = (from: number, to: number, step: number) => {
    let [top, at] = [-1, from];
    for (let angle = from; angle <= to + 1e-12; angle += step) {
      const value = score(angle);
      if (value > top) [top, at] = [value, angle];
    }
    return at;
  };
  const degree = Math.PI / 180;
  const coarse = best(0, 89 * degree, degree);
  const fine = best(coarse - degree, coarse + degree, degree / 20);
  return best(fine - degree / 20, fine + degree / 20, degree / 200);
}

/** Up to `max` points of the dense (wall) cells, evenly picked, in their original coordinates. */
function wallPoints(plan: PanelizerPoints, grid: ReturnType<typeof countGrid>, threshold: number, max: number): { xs: Float64Array; ys: Float64Array } {
  const picked: number[] = [];
  for (let i = 0; i < plan.count; i++) {
    const c = Math.floor((plan.uv[i * 2]! - grid.u0) / grid.cell);
    const r = Math.floor((plan.uv[i * 2 + 1]! - grid.v0) / grid.cell);
    if (c >= 0 && r >= 0 && c < grid.columns && r < grid.rows && grid.counts[r * grid.columns + c]! >= threshold) picked.push(i);
  }
  const step = Math.max(1, picked.length / max);
  const n = Math.min(picked.length, max);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const i = picked[Math.floor(k * step)]!;
    [xs[k], ys[k]] = [plan.uv[i * 2]!, plan.uv[i * 2 + 1]!];
  }
  return { xs, ys };
}

/** The plan turned by −angle (walls along the axes), with its bounds. */
function turned(plan: PanelizerPoints, angle: number): PanelizerPoints {
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const uv = new Float32Array(plan.count * 2);
  let [uMin, uMax, vMin, vMax] = [Infinity, -Infinity, Infinity, -Infinity];
  for (let i = 0; i < plan.count; i++) {
    const [x, y] = [plan.uv[i * 2]!, plan.uv[i * 2 + 1]!];
    const [a, b] = [x * cos + y * sin, -x * sin + y * cos];
    uv[i * 2] = a;
    uv[i * 2 + 1] = b;
    [uMin, uMax, vMin, vMax] = [Math.min(uMin, a), Math.max(uMax, a), Math.min(vMin, b), Math.max(vMax, b)];
  }
  return { count: plan.count, uv, rgb: plan.rgb, bounds: { uMin, uMax, vMin, vMax } };
}

const padded = (b: PanelizerPoints['bounds'], pad: number) => ({ uMin: b.uMin - pad, uMax: b.uMax + pad, vMin: b.vMin - pad, vMax: b.vMax + pad });

/**
 * A counter-clockwise simple polygon with few corners around the largest building in the plan
 * slice, in its (u, v) = local (x, y); empty when no outline is found.
 */
export function proposeOutline(plan: PanelizerPoints): [number, number][] {
  if (plan.count < 10) return [];
  const pad = CLOSING_RADIUS + 2 * CELL;
  // First the walls' direction, then everything on a grid turned to it: walls along the grid's
  // axes close over their openings and trace without staircases.
  const first = countGrid(plan, padded(plan.bounds, pad), CELL);
  const { xs, ys } = wallPoints(plan, first, wallThreshold(first.counts), 20_000);
  if (xs.length < 10) return [];
  const angle = wallAngle(xs, ys);
  const local = turned(plan, angle);
  const grid = countGrid(local, padded(local.bounds, pad), CELL);
  const { columns, rows, cell } = grid;
  const threshold = wallThreshold(grid.counts);
  const walls = new Uint8Array(grid.counts.length);
  for (let i = 0; i < walls.length; i++) walls[i] = grid.counts[i]! >= threshold ? 1 : 0;
  const radius = Math.max(1, Math.round(CLOSING_RADIUS / cell));
  const closed = erode(dilate(walls, columns, rows, radius), columns, rows, radius);
  const { labels, sizes } = components(solid(closed, columns, rows), columns);
  const largest = sizes.indexOf(Math.max(...sizes.slice(1)));
  if (largest < 1) return [];
  const loop = traceBoundary(labels, largest, columns, rows).map(([c, r]): XY => [grid.u0 + c * cell, grid.v0 + r * cell]);
  const simple = simplifyClosed(loop, 2 * cell);
  if (simple.length < 3) return [];
  const edges = orthogonalEdges(simple);
  if (edges.length < 4) return [];
  fitFaces(edges, cornersOf(edges), local.uv, local.count);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const mm = (x: number) => Math.round(x * 1000) / 1000;
  const polygon = cornersOf(edges).map(([a, b]): [number, number] => [mm(a * cos - b * sin), mm(a * sin + b * cos)]);
  if (signedArea(polygon) < 0) polygon.reverse();
  return isSimplePolygon(polygon) ? polygon : [];
}
