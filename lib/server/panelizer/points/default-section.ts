/*
 * Where step 1's section runs when the editor gives no line (issue 19 points 2 and 7): across
 * the building through a column of windows, where the storeys show as rows of gaps in the walls
 * cut edge-on. The cloud's long axis through its centre (the old default) meets gable walls and
 * the ridge; no storey is visible there and no floor line can be proposed from it.
 *
 * From the cloud alone: the building's outline from a plan band low in the cloud, its longest
 * edge's elevation over the whole height, the openings in it stacked into columns; the section
 * runs square to that edge through the middle of its fullest column (nearest the edge's middle),
 * from 4 m outside to 4 m beyond the far side. Without an outline or openings it falls back to
 * the edge's middle, and without an outline to the long axis.
 */
import { proposeOpenings, proposeOutline } from '@/lib/shared/panelizer/proposals';
import type { PanelizerPointsQuery } from '@/lib/shared/panelizer/points';
import type { Box3 } from '../../pointcloud/read';

export interface SectionLine {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

type Cut = (query: PanelizerPointsQuery) => Promise<import('@/lib/shared/panelizer/points').PanelizerPoints>;

/** Plan band above the cloud's lowest point: over plinths and parapets, through the windows. */
const PLAN_BAND = { from: 1.0, to: 3.0 };
const OUTSIDE = 4;
/**
 * Points for finding the line: an even sample (the octree's levels) is enough to find walls and
 * windows, and each point more is time before the editor shows its first view.
 */
const SAMPLE_LIMIT = 120_000;
/** Openings whose centres are this close along the edge are one column. */
const COLUMN_TOLERANCE = 0.3;

/** Centre along the edge of the fullest column of openings (ties: nearest the middle); null for none. */
export function windowColumn(openings: { left: number; width: number }[], edgeLength: number): number | null {
  const centres = openings.map((o) => o.left + o.width / 2).sort((a, b) => a - b);
  const columns: number[][] = [];
  for (const c of centres) {
    const last = columns[columns.length - 1];
    if (last && c - last[0]! <= COLUMN_TOLERANCE) last.push(c);
    else columns.push([c]);
  }
  let best: { centre: number; size: number } | null = null;
  for (const column of columns) {
    const centre = column.reduce((s, c) => s + c, 0) / column.length;
    const nearer = best && Math.abs(centre - edgeLength / 2) < Math.abs(best.centre - edgeLength / 2);
    if (!best || column.length > best.size || (column.length === best.size && nearer)) best = { centre, size: column.length };
  }
  return best?.centre ?? null;
}

/** The line square to the outline's longest edge at `along` metres from its start, across the whole outline. */
export function acrossOutline(outline: [number, number][], edgeIndex: number, along: number): SectionLine {
  const [ax, ay] = outline[edgeIndex]!;
  const [bx, by] = outline[(edgeIndex + 1) % outline.length]!;
  const length = Math.hypot(bx - ax, by - ay);
  const [dx, dy] = [(bx - ax) / length, (by - ay) / length];
  // Counter-clockwise outline: the inside is to the left of each edge.
  const [nx, ny] = [-dy, dx];
  const depth = Math.max(...outline.map(([x, y]) => (x - ax) * nx + (y - ay) * ny));
  const [px, py] = [ax + dx * along, ay + dy * along];
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return { x0: round(px - nx * OUTSIDE), y0: round(py - ny * OUTSIDE), x1: round(px + nx * (depth + OUTSIDE)), y1: round(py + ny * (depth + OUTSIDE)) };
}

/** The default section's line in the local frame, or null to keep the long axis. */
export async function defaultSectionLine(cut: Cut, bounds: Box3): Promise<SectionLine | null> {
  const [zLow, zHigh] = [bounds.min[2], bounds.max[2]];
  const plan = await cut({ view: 'plan', zMin: zLow + PLAN_BAND.from, zMax: Math.min(zHigh, zLow + PLAN_BAND.to), limit: SAMPLE_LIMIT });
  const outline = proposeOutline(plan);
  if (outline.length < 3) return null;
  const lengths = outline.map(([x, y], i) => Math.hypot(outline[(i + 1) % outline.length]![0] - x, outline[(i + 1) % outline.length]![1] - y));
  const edge = lengths.indexOf(Math.max(...lengths));
  const length = lengths[edge]!;
  const [x0, y0] = outline[edge]!;
  const [x1, y1] = outline[(edge + 1) % outline.length]!;
  const elevation = await cut({ view: 'elevation', x0, y0, x1, y1, zMin: zLow, zMax: zHigh, depth: 0.5, limit: SAMPLE_LIMIT });
  const column = windowColumn(proposeOpenings(elevation, length, zLow, zHigh), length);
  return acrossOutline(outline, edge, column ?? length / 2);
}
