/*
 * The region each view of lib/shared/panelizer/points.ts cuts, in the document's local frame,
 * and how a point in it projects to (u, v). A section and an elevation are boxes along a line
 * (u along it from its start, clipped to its length; w across it); a plan is a band of heights.
 */
import type { PanelizerPointsQuery } from '@/lib/shared/panelizer/points';
import { encodeIssue, issue } from '@/lib/shared/validation/issue';
import { AppError } from '../../errors';
import type { Box3 } from '../../pointcloud/read';

export interface Slab {
  /** Line start and unit direction in local x, y; null for a plan (u = x, v = y). */
  line: { x0: number; y0: number; dx: number; dy: number; length: number; halfDepth: number } | null;
  zMin: number;
  zMax: number;
}


function lineSlab(x0: number, y0: number, x1: number, y1: number, halfDepth: number, zMin: number, zMax: number): Slab {
  const length = Math.hypot(x1 - x0, y1 - y0);
  if (!(length > 1e-6)) throw new AppError('validation', 'the line has no length', { fields: { x1: [encodeIssue(issue('validation.invalid'))] } });
  return { line: { x0, y0, dx: (x1 - x0) / length, dy: (y1 - y0) / length, length, halfDepth }, zMin, zMax };
}

const heightsReversed = (zMin: number) => new AppError('validation', 'zMax is below zMin', { fields: { zMax: [encodeIssue(issue('validation.min', { min: zMin }))] } });

/** The slab of a query, given the cloud's tight bounds in the local frame (for the default section). */
export function slabOf(query: PanelizerPointsQuery, localBounds: Box3): Slab {
  if (query.view === 'plan') {
    if (query.zMax < query.zMin) throw heightsReversed(query.zMin);
    return { line: null, zMin: query.zMin, zMax: query.zMax };
  }
  if (query.view === 'elevation') {
    if (query.zMax < query.zMin) throw heightsReversed(query.zMin);
    // "Within depth metres of the wall plane": on either side.
    return lineSlab(query.x0, query.y0, query.x1, query.y1, query.depth, query.zMin, query.zMax);
  }
  const { min, max } = localBounds;
  const given = query.x0 !== undefined && query.y0 !== undefined && query.x1 !== undefined && query.y1 !== undefined;
  // A section is `depth` metres thick: half on each side of its line.
  if (given) return lineSlab(query.x0!, query.y0!, query.x1!, query.y1!, query.depth / 2, -Infinity, Infinity);
  const depth = query.depth;
  const cx = (min[0] + max[0]) / 2;
  const cy = (min[1] + max[1]) / 2;
  const alongX = max[0] - min[0] >= max[1] - min[1];
  return alongX
    ? lineSlab(min[0], cy, Math.max(max[0], min[0] + 1e-3), cy, depth / 2, -Infinity, Infinity)
    : lineSlab(cx, min[1], cx, Math.max(max[1], min[1] + 1e-3), depth / 2, -Infinity, Infinity);
}

/** Whether a box (local frame) may hold points of the slab: separating axes z, across and along the line. */
export function boxMeetsSlab(box: Box3, slab: Slab): boolean {
  if (box.max[2] < slab.zMin || box.min[2] > slab.zMax) return false;
  const line = slab.line;
  if (!line) return true;
  const project = (ax: number, ay: number) => {
    let lo = Infinity;
    let hi = -Infinity;
    for (const x of [box.min[0], box.max[0]]) {
      for (const y of [box.min[1], box.max[1]]) {
        const t = (x - line.x0) * ax + (y - line.y0) * ay;
        lo = Math.min(lo, t);
        hi = Math.max(hi, t);
      }
    }
    return [lo, hi] as const;
  };
  const [uLo, uHi] = project(line.dx, line.dy);
  if (uHi < 0 || uLo > line.length) return false;
  const [wLo, wHi] = project(-line.dy, line.dx);
  return wHi >= -line.halfDepth && wLo <= line.halfDepth;
}
