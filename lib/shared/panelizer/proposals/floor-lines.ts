/*
 * Floor lines from a vertical section (u along the section, v = z). Three signals, strongest first:
 * - horizontal surfaces (the ground, slabs seen from inside) are rows where points spread widely
 *   along u: peaks of the row's coverage;
 * - walls cut edge-on are columns of points; the highest point of a wall is the facade's top
 *   edge (eaves), and the gaps along a wall are its openings;
 * - openings repeat storey by storey: when the rows of openings have a steady pitch that divides
 *   the wall from the ground to its top edge, the storeys are that division.
 * Without slabs or a pitch, the spec's advice places a line 60 cm above each row of window tops.
 */
import { FLOOR_LINE_ABOVE_WINDOW_M } from '../document';
import type { PanelizerPoints } from '../points';
import { countGrid, median } from './grid';

const ROW = 0.02;
const COLUMN = 0.1;
/** A horizontal surface covers at least this much of the section's length. */
const MIN_SURFACE_LENGTH = 1.5;
/** Gaps along a wall shorter than this are noise; longer than the upper bound, not an opening. */
const OPENING = { min: 0.3, max: 4 };
const WALL_STRIP = 0.03;
/** Columns within this many strips of a taller one are not walls of their own (0.45 m). */
const NEIGHBOURHOOD = 15;

interface Wall {
  u: number;
  bottom: number;
  top: number;
  gaps: [number, number][];
}

/** Rows (ROW high) whose points cover many COLUMN cells: centres of the peaks, ascending. */
function horizontalSurfaces(points: PanelizerPoints): number[] {
  const { bounds } = points;
  const grid = countGrid(points, bounds, COLUMN);
  const rows = Math.max(1, Math.ceil((bounds.vMax - bounds.vMin) / ROW));
  const cover = new Float64Array(rows);
  const seen = new Uint8Array(rows * grid.columns);
  for (let i = 0; i < points.count; i++) {
    const row = Math.min(rows - 1, Math.floor((points.uv[i * 2 + 1]! - bounds.vMin) / ROW));
    const column = Math.min(grid.columns - 1, Math.floor((points.uv[i * 2]! - bounds.uMin) / grid.cell));
    if (!seen[row * grid.columns + column]) {
      seen[row * grid.columns + column] = 1;
      cover[row]! += grid.cell;
    }
  }
  // Two rows together: a surface's noise spreads it over a neighbouring row.
  const pair = (r: number) => cover[r]! + (r + 1 < rows ? cover[r + 1]! : 0);
  const base = median(Array.from({ length: rows }, (_, r) => pair(r)));
  const peaks: number[] = [];
  for (let r = 0; r < rows; r++) {
    const value = pair(r);
    if (value < MIN_SURFACE_LENGTH || value < 3 * base) continue;
    if ((r > 0 && pair(r - 1) > value) || (r + 1 < rows && pair(r + 1) >= value)) continue;
    peaks.push(bounds.vMin + (r + 1) * ROW);
  }
  return peaks;
}

/** Walls cut edge-on: the densest columns, their top and bottom and the gaps along them. */
function walls(points: PanelizerPoints): Wall[] {
  const { bounds } = points;
  const columns = Math.max(1, Math.ceil((bounds.uMax - bounds.uMin) / WALL_STRIP));
  const rows = Math.max(1, Math.ceil((bounds.vMax - bounds.vMin) / 0.05));
  const occupied = new Uint8Array(columns * rows);
  const span = new Uint32Array(columns);
  for (let i = 0; i < points.count; i++) {
    const c = Math.min(columns - 1, Math.floor((points.uv[i * 2]! - bounds.uMin) / WALL_STRIP));
    const r = Math.min(rows - 1, Math.floor((points.uv[i * 2 + 1]! - bounds.vMin) / 0.05));
    if (!occupied[c * rows + r]) {
      occupied[c * rows + r] = 1;
      span[c]! += 1;
    }
  }
  const tallest = Math.max(0, ...span);
  // A wall column is occupied over at least a metre and half the tallest column's height.
  const isWall = (c: number) => span[c]! * 0.05 >= 1 && span[c]! >= tallest / 2;
  const found: Wall[] = [];
  for (let c = 0; c < columns; c++) {
    // Only the tallest column within a reveal's depth: the glass set back behind a row of
    // windows is a column of points too, but not a wall.
    if (!isWall(c)) continue;
    let strongest = true;
    for (let k = Math.max(0, c - NEIGHBOURHOOD); k <= Math.min(columns - 1, c + NEIGHBOURHOOD); k++) {
      if (span[k]! > span[c]! || (span[k]! === span[c]! && k < c)) strongest = false;
    }
    if (!strongest) continue;
    // The wall's face: the median u of the column and its neighbours (a wall on a column border
    // splits), then a strip of ±1.5 cm around it, so a roof meeting the wall adds little height.
    const near: number[] = [];
    const [lo, hi] = [bounds.uMin + (c - 1) * WALL_STRIP, bounds.uMin + (c + 2) * WALL_STRIP];
    for (let i = 0; i < points.count; i++) {
      const u = points.uv[i * 2]!;
      if (u >= lo && u < hi) near.push(u);
    }
    const face = median(near);
    const vs: number[] = [];
    for (let i = 0; i < points.count; i++) {
      if (Math.abs(points.uv[i * 2]! - face) <= WALL_STRIP / 2) vs.push(points.uv[i * 2 + 1]!);
    }
    vs.sort((a, b) => a - b);
    const gaps: [number, number][] = [];
    for (let k = 1; k < vs.length; k++) {
      const gap = vs[k]! - vs[k - 1]!;
      if (gap >= OPENING.min && gap <= OPENING.max) gaps.push([vs[k - 1]!, vs[k]!]);
    }
    if (vs.length === 0) continue;
    found.push({ u: face, bottom: vs[0]!, top: vs[vs.length - 1]!, gaps });
  }
  return found;
}

/** Rows of openings over all walls: [bottom, top] of each, merged when within 20 cm, ascending. */
function openingRows(found: Wall[]): [number, number][] {
  const gaps = found.flatMap((w) => w.gaps).sort((a, b) => a[0] - b[0]);
  const rows: [number, number][] = [];
  for (const [bottom, top] of gaps) {
    const last = rows[rows.length - 1];
    if (last && Math.abs(bottom - last[0]) <= 0.2) last[1] = Math.max(last[1], top);
    else rows.push([bottom, top]);
  }
  return rows;
}

const round = (z: number) => Math.round(z * 1000) / 1000;

/** Heights of the proposed floor lines, ascending, in the section's v (local z). Empty without points. */
export function proposeFloorLines(section: PanelizerPoints): number[] {
  if (section.count < 10) return [];
  const surfaces = horizontalSurfaces(section);
  const found = walls(section);
  const top = found.length > 0 ? median(found.map((w) => w.top)) : section.bounds.vMax;
  const wallsBottom = found.length > 0 ? median(found.map((w) => w.bottom)) : section.bounds.vMin;
  // The ground: the lowest surface near the walls' foot (within a storey of it).
  const ground = surfaces.find((z) => z <= wallsBottom + 1.5 && z < top) ?? wallsBottom;
  const slabs = surfaces.filter((z) => z > ground + 1.5 && z < top - 1.5);
  let lines: number[];
  if (slabs.length > 0) {
    lines = [ground, ...slabs, top];
  } else {
    const rows = openingRows(found).filter(([bottom]) => bottom > ground && bottom < top);
    const steps = rows.slice(1).map((row, k) => row[0] - rows[k]![0]).filter((d) => d >= 2);
    const pitch = median(steps);
    const storeys = pitch > 0 ? Math.round((top - ground) / pitch) : 0;
    if (storeys >= 1 && Math.abs((top - ground) / storeys - pitch) <= 0.15 * pitch) {
      lines = Array.from({ length: storeys + 1 }, (_, k) => ground + ((top - ground) * k) / storeys);
    } else {
      const advised = rows.map(([, windowTop]) => windowTop + FLOOR_LINE_ABOVE_WINDOW_M).filter((z) => z > ground + 1.5 && z < top - 1.5);
      lines = [ground, ...advised, top];
    }
  }
  return [...new Set(lines.map(round))].sort((a, b) => a - b).filter((z, k, all) => k === 0 || z - all[k - 1]! >= 0.5);
}
