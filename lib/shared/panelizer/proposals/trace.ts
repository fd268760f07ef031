/*
 * The boundary of a labelled region on a grid as a loop of cell corners, and its simplification.
 * Grid corner (c, r) is the lower-left corner of cell (c, r); u grows with c and v with r.
 */
import { signedArea, type XY } from '../polygon';

/**
 * The region's outer boundary, counter-clockwise (inside on the left). Where two cells of the
 * region touch only at a corner, the loop turns left: the cells stay apart, as 4-connectivity has them.
 */
export function traceBoundary(labels: Int32Array, label: number, columns: number, rows: number): [number, number][] {
  const inside = (c: number, r: number) => c >= 0 && r >= 0 && c < columns && r < rows && labels[r * columns + c] === label;
  const from: number[] = [];
  const to: number[] = [];
  const key = (c: number, r: number) => r * (columns + 1) + c;
  const add = (c0: number, r0: number, c1: number, r1: number) => (from.push(key(c0, r0)), to.push(key(c1, r1)));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      if (!inside(c, r)) continue;
      if (!inside(c, r - 1)) add(c, r, c + 1, r);
      if (!inside(c + 1, r)) add(c + 1, r, c + 1, r + 1);
      if (!inside(c, r + 1)) add(c + 1, r + 1, c, r + 1);
      if (!inside(c - 1, r)) add(c, r + 1, c, r);
    }
  }
  const outgoing = new Map<number, number[]>();
  from.forEach((v, e) => outgoing.set(v, [...(outgoing.get(v) ?? []), e]));
  const used = new Uint8Array(from.length);
  const point = (v: number): [number, number] => [v % (columns + 1), Math.floor(v / (columns + 1))];
  let best: [number, number][] = [];
  let bestArea = 0;
  for (let start = 0; start < from.length; start++) {
    if (used[start]) continue;
    const loop: [number, number][] = [];
    for (let e = start; e >= 0 && !used[e]; ) {
      used[e] = 1;
      loop.push(point(from[e]!));
      const [a, b] = [point(from[e]!), point(to[e]!)];
      const heading = [b[0] - a[0], b[1] - a[1]];
      const next = (outgoing.get(to[e]!) ?? []).filter((n) => !used[n]);
      if (next.length === 0) break;
      // Left of (dx, dy) is (−dy, dx): prefer the edge that turns that way.
      const leftTurn = next.find((n) => {
        const [p, q] = [point(from[n]!), point(to[n]!)];
        return q[0] - p[0] === -heading[1]! && q[1] - p[1] === heading[0]!;
      });
      e = leftTurn ?? next[0]!;
    }
    const area = signedArea(loop);
    if (area > bestArea) [best, bestArea] = [loop, area];
  }
  return best;
}

function distanceToSegment(p: XY, a: XY, b: XY): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

function douglasPeucker(points: XY[], tolerance: number): XY[] {
  if (points.length < 3) return points;
  const [a, b] = [points[0]!, points[points.length - 1]!];
  let [far, farthest] = [0, -1];
  for (let i = 1; i < points.length - 1; i++) {
    const d = distanceToSegment(points[i]!, a, b);
    if (d > far) [far, farthest] = [d, i];
  }
  if (far <= tolerance) return [a, b];
  return [...douglasPeucker(points.slice(0, farthest + 1), tolerance).slice(0, -1), ...douglasPeucker(points.slice(farthest), tolerance)];
}

/** A closed loop with no point further than `tolerance` from the simplified one. */
export function simplifyClosed(loop: XY[], tolerance: number): XY[] {
  if (loop.length < 4) return loop;
  // Split at the first point and the point farthest from it: both halves are open paths.
  const first = loop[0]!;
  let split = 1;
  loop.forEach((p, i) => {
    if (Math.hypot(p[0] - first[0], p[1] - first[1]) > Math.hypot(loop[split]![0] - first[0], loop[split]![1] - first[1])) split = i;
  });
  const one = douglasPeucker(loop.slice(0, split + 1), tolerance);
  const two = douglasPeucker([...loop.slice(split), first], tolerance);
  return [...one.slice(0, -1), ...two.slice(0, -1)];
}
