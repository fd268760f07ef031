/*
 * A building outline from a plan slice (u = x, v = y): walls seen from above are lines of many
 * points, the ground and roofs a thin spread. Cells dense enough to be wall → closing, so window
 * and door gaps (and the alcoves behind them) are bridged → everything not reachable from the
 * border is building → the largest such region's boundary → simplified → snapped to the two
 * dominant directions → each edge moved onto the outer face of the wall points along it.
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
  const occupied = Array.from(counts).filter((c) => c > 0).sort((a, b) => a - b);
  const total = occupied.reduce((sum, c) => sum + c, 0);
  let seen = 0;
  for (const c of occupied) {
    seen += c;
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
  return outside.map((o) => 1 - o);
}

/** The direction (radians, 0 … π/2) most edges follow, weighted by length: mean of 4θ. */
function dominantAngle(polygon: XY[]): number {
  let [sx, sy] = [0, 0];
  polygon.forEach((a, i) => {
    const b = polygon[(i + 1) % polygon.length]!;
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const angle = Math.atan2(b[1] - a[1], b[0] - a[0]);
    sx += length * Math.cos(4 * angle);
    sy += length * Math.sin(4 * angle);
  });
  const angle = Math.atan2(sy, sx) / 4;
  return angle < 0 ? angle + Math.PI / 2 : angle;
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
function fitFaces(edges: Edge[], corners: XY[], rotated: Float64Array, count: number): void {
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
 * A counter-clockwise simple polygon with few corners around the largest building in the plan
 * slice, in its (u, v) = local (x, y); empty when no outline is found.
 */
export function proposeOutline(plan: PanelizerPoints): [number, number][] {
  if (plan.count < 10) return [];
  const pad = CLOSING_RADIUS + 2 * CELL;
  const b = plan.bounds;
  const grid = countGrid(plan, { uMin: b.uMin - pad, uMax: b.uMax + pad, vMin: b.vMin - pad, vMax: b.vMax + pad }, CELL);
  const { columns, rows, cell } = grid;
  const threshold = wallThreshold(grid.counts);
  const walls = Uint8Array.from(grid.counts, (c) => (c >= threshold ? 1 : 0));
  const radius = Math.max(1, Math.round(CLOSING_RADIUS / cell));
  const closed = erode(dilate(walls, columns, rows, radius), columns, rows, radius);
  const filled = solid(closed, columns, rows);
  const { labels, sizes } = components(filled, columns);
  const largest = sizes.indexOf(Math.max(...sizes.slice(1)));
  if (largest < 1) return [];
  const loop = traceBoundary(labels, largest, columns, rows).map(([c, r]): XY => [grid.u0 + c * cell, grid.v0 + r * cell]);
  const simple = simplifyClosed(loop, 2 * cell);
  if (simple.length < 3) return [];
  const angle = dominantAngle(simple);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const toRotated = (x: number, y: number): XY => [x * cos + y * sin, -x * sin + y * cos];
  const edges = orthogonalEdges(simple.map(([x, y]) => toRotated(x, y)));
  if (edges.length < 4) return [];
  const rotated = new Float64Array(plan.count * 2);
  for (let k = 0; k < plan.count; k++) rotated.set(toRotated(plan.uv[k * 2]!, plan.uv[k * 2 + 1]!), k * 2);
  fitFaces(edges, cornersOf(edges), rotated, plan.count);
  const polygon = cornersOf(edges).map(([a, c]): [number, number] => [Math.round((a * cos - c * sin) * 1000) / 1000, Math.round((a * sin + c * cos) * 1000) / 1000]);
  if (signedArea(polygon) < 0) polygon.reverse();
  return isSimplePolygon(polygon) ? polygon : [];
}
