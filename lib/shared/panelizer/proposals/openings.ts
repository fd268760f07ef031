/*
 * Openings from an elevation (u along the edge, v = z): the wall plane is where each height's
 * usual density and colour are (the row's median cell: openings rarely take half a facade);
 * cells with far fewer points (glass returns few) or another colour (a door set back in its
 * reveal, dark glass) are gaps. Gap regions of plausible size become rectangles, whose edges are
 * then moved onto the last wall-coloured points around them (reveals included).
 */
import type { OpeningKind } from '../document';
import type { PanelizerPoints } from '../points';
import { components, countGrid, dilate, erode, median } from './grid';

export interface ProposedOpening {
  left: number;
  bottom: number;
  width: number;
  height: number;
  kind: OpeningKind;
}

/** Cells get about this many points where there is wall, whatever the density. */
const POINTS_PER_CELL = 6;
const CELL_RANGE = { min: 0.03, max: 0.15 };
const SIZE = { min: 0.3, maxWidth: 5, maxHeight: 4 };
/** Colour distance (0–255 RGB) beyond which a point is not the wall's material. */
const COLOUR_DISTANCE = 60;
const DOOR = { maxBottom: 0.15, minHeight: 1.7 };

interface Rows {
  /** Median count and colour of each row's cells. */
  count: Float64Array;
  colour: Float64Array;
}

function rowReferences(points: PanelizerPoints, grid: ReturnType<typeof countGrid>): Rows {
  const { columns, rows, counts } = grid;
  const sums = new Float64Array(columns * rows * 3);
  for (let i = 0; i < points.count; i++) {
    const c = Math.floor((points.uv[i * 2]! - grid.u0) / grid.cell);
    const r = Math.floor((points.uv[i * 2 + 1]! - grid.v0) / grid.cell);
    if (c < 0 || r < 0 || c >= columns || r >= rows) continue;
    for (let k = 0; k < 3; k++) sums[(r * columns + c) * 3 + k]! += points.rgb[i * 3 + k]!;
  }
  const count = new Float64Array(rows);
  const colour = new Float64Array(rows * 3);
  for (let r = 0; r < rows; r++) {
    const row = counts.subarray(r * columns, (r + 1) * columns);
    count[r] = median(row);
    const filled = Array.from({ length: columns }, (_, c) => c).filter((c) => row[c]! >= Math.max(1, count[r]! / 2));
    for (let k = 0; k < 3; k++) colour[r * 3 + k] = median(filled.map((c) => sums[(r * columns + c) * 3 + k]! / row[c]!));
  }
  return { count, colour };
}

const distance = (rgb: ArrayLike<number>, at: number, colour: Float64Array, row: number) =>
  Math.hypot(rgb[at]! - colour[row * 3]!, rgb[at + 1]! - colour[row * 3 + 1]!, rgb[at + 2]! - colour[row * 3 + 2]!);

/**
 * Proposed openings in the elevation of an edge `edgeLength` long between heights zMin and zMax:
 * left along the edge from its start, bottom above zMin, in metres; ordered by bottom, then left.
 */
export function proposeOpenings(elevation: PanelizerPoints, edgeLength: number, zMin: number, zMax: number): ProposedOpening[] {
  if (elevation.count < 50 || edgeLength <= 0 || zMax <= zMin) return [];
  const density = elevation.count / (edgeLength * (zMax - zMin));
  const cell = Math.min(CELL_RANGE.max, Math.max(CELL_RANGE.min, Math.sqrt(POINTS_PER_CELL / density)));
  const grid = countGrid(elevation, { uMin: 0, uMax: edgeLength, vMin: zMin, vMax: zMax }, cell);
  const { columns, rows } = grid;
  const reference = rowReferences(elevation, grid);
  // Wall-coloured points per cell; a cell is wall when they are a fair share of the row's usual count.
  const wallCounts = new Uint32Array(columns * rows);
  const rowOf = (v: number) => Math.min(rows - 1, Math.max(0, Math.floor((v - zMin) / grid.cell)));
  const isWallPoint = (i: number) => distance(elevation.rgb, i * 3, reference.colour, rowOf(elevation.uv[i * 2 + 1]!)) <= COLOUR_DISTANCE;
  for (let i = 0; i < elevation.count; i++) {
    const c = Math.floor(elevation.uv[i * 2]! / grid.cell);
    const r = Math.floor((elevation.uv[i * 2 + 1]! - zMin) / grid.cell);
    if (c < 0 || r < 0 || c >= columns || r >= rows || !isWallPoint(i)) continue;
    wallCounts[r * columns + c]! += 1;
  }
  let gaps: Uint8Array = new Uint8Array(columns * rows);
  for (let r = 0; r < rows; r++) {
    const needed = Math.max(1, 0.3 * reference.count[r]!);
    for (let c = 0; c < columns; c++) gaps[r * columns + c] = wallCounts[r * columns + c]! < needed ? 1 : 0;
  }
  // Opening by one cell: lone gap cells (a sparse patch of wall) go. No closing: the wall between
  // a door and the window beside it may be only a couple of cells wide.
  gaps = dilate(erode(gaps, columns, rows, 1), columns, rows, 1);
  const { labels, sizes } = components(gaps, columns);
  const boxes = sizes.map(() => ({ c0: Infinity, c1: -Infinity, r0: Infinity, r1: -Infinity }));
  labels.forEach((label, at) => {
    if (!label) return;
    const [c, r] = [at % columns, Math.floor(at / columns)];
    const box = boxes[label]!;
    [box.c0, box.c1, box.r0, box.r1] = [Math.min(box.c0, c), Math.max(box.c1, c), Math.min(box.r0, r), Math.max(box.r1, r)];
  });
  const found: ProposedOpening[] = [];
  boxes.forEach((box, label) => {
    if (label === 0) return;
    const area = (box.c1 - box.c0 + 1) * (box.r1 - box.r0 + 1);
    // Ragged regions (a band of missing wall, a tree's shadow) are no openings; nor is what touches the edge's ends.
    if (sizes[label]! < 0.6 * area || box.c0 === 0 || box.c1 === columns - 1) return;
    const rect = refine(elevation, isWallPoint, {
      left: box.c0 * grid.cell, right: (box.c1 + 1) * grid.cell, bottom: zMin + box.r0 * grid.cell, top: zMin + (box.r1 + 1) * grid.cell,
    }, grid.cell);
    const width = rect.right - rect.left;
    const height = rect.top - rect.bottom;
    if (width < SIZE.min || height < SIZE.min || width > SIZE.maxWidth || height > SIZE.maxHeight) return;
    const bottom = rect.bottom - zMin;
    const kind: OpeningKind = bottom <= DOOR.maxBottom && height >= DOOR.minHeight ? 'door' : 'window';
    const mm = (x: number) => Math.round(x * 1000) / 1000;
    found.push({ left: mm(rect.left), bottom: mm(Math.max(0, bottom)), width: mm(width), height: mm(height), kind });
  });
  return found.sort((a, b) => a.bottom - b.bottom || a.left - b.left);
}

interface Rect {
  left: number;
  right: number;
  bottom: number;
  top: number;
}

/**
 * Each side moved to the wall-coloured points just outside it (from two cells out to one in),
 * looked for across the middle of the opposite span so corners and sills do not pull it.
 */
function refine(points: PanelizerPoints, isWall: (i: number) => boolean, box: Rect, cell: number): Rect {
  const midU = [box.left + (box.right - box.left) * 0.2, box.right - (box.right - box.left) * 0.2];
  const midV = [box.bottom + (box.top - box.bottom) * 0.2, box.top - (box.top - box.bottom) * 0.2];
  const edge = { left: [] as number[], right: [] as number[], bottom: [] as number[], top: [] as number[] };
  for (let i = 0; i < points.count; i++) {
    const [u, v] = [points.uv[i * 2]!, points.uv[i * 2 + 1]!];
    const acrossV = v >= midV[0]! && v <= midV[1]!;
    const acrossU = u >= midU[0]! && u <= midU[1]!;
    if (!acrossV && !acrossU) continue;
    if (!isWall(i)) continue;
    if (acrossV && u >= box.left - 2 * cell && u <= box.left + cell) edge.left.push(u);
    if (acrossV && u >= box.right - cell && u <= box.right + 2 * cell) edge.right.push(u);
    if (acrossU && v >= box.bottom - 2 * cell && v <= box.bottom + cell) edge.bottom.push(v);
    if (acrossU && v >= box.top - cell && v <= box.top + 2 * cell) edge.top.push(v);
  }
  // A high quantile, not the extreme: one stray point does not move a side.
  const inner = (values: number[], towardsHigh: boolean, fallback: number) => {
    if (values.length < 3) return fallback;
    values.sort((a, b) => a - b);
    return towardsHigh ? values[Math.floor(values.length * 0.98)]! : values[Math.ceil(values.length * 0.02)]!;
  };
  return {
    left: inner(edge.left, true, box.left),
    right: inner(edge.right, false, box.right),
    bottom: inner(edge.bottom, true, box.bottom),
    top: inner(edge.top, false, box.top),
  };
}
