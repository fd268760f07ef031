/*
 * Occupancy grids over a projected point set, and the few binary-image operations the proposals
 * share. Cells are row-major: index = row × columns + column, row along v, column along u.
 */
import type { PanelizerPoints } from '../points';

export interface Grid {
  u0: number;
  v0: number;
  cell: number;
  columns: number;
  rows: number;
  /** Points per cell. */
  counts: Uint32Array;
}

/** Bounds of the grid; the cell grows when the area would need more than `maxCells`. */
export function countGrid(points: PanelizerPoints, area: { uMin: number; uMax: number; vMin: number; vMax: number }, cell: number, maxCells = 4_000_000): Grid {
  const width = Math.max(area.uMax - area.uMin, cell);
  const height = Math.max(area.vMax - area.vMin, cell);
  const size = Math.max(cell, Math.sqrt((width * height) / maxCells));
  const columns = Math.max(1, Math.ceil(width / size));
  const rows = Math.max(1, Math.ceil(height / size));
  const counts = new Uint32Array(columns * rows);
  for (let i = 0; i < points.count; i++) {
    const c = Math.floor((points.uv[i * 2]! - area.uMin) / size);
    const r = Math.floor((points.uv[i * 2 + 1]! - area.vMin) / size);
    if (c < 0 || r < 0 || c >= columns || r >= rows) continue;
    counts[r * columns + c]! += 1;
  }
  return { u0: area.uMin, v0: area.vMin, cell: size, columns, rows, counts };
}

/** Median of the values (0 for none). */
export function median(values: ArrayLike<number>): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Value at quantile q (0–1) of the values (0 for none). */
export function quantile(values: ArrayLike<number>, q: number): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!;
}

/** Square dilation (radius r cells) of a binary mask, by two passes of running counts. */
export function dilate(mask: Uint8Array, columns: number, rows: number, r: number): Uint8Array {
  const pass = (input: Uint8Array, along: 'row' | 'column') => {
    const out = new Uint8Array(input.length);
    const [lines, length] = along === 'row' ? [rows, columns] : [columns, rows];
    const at = along === 'row' ? (line: number, i: number) => line * columns + i : (line: number, i: number) => i * columns + line;
    const prefix = new Int32Array(length + 1);
    for (let line = 0; line < lines; line++) {
      for (let i = 0; i < length; i++) prefix[i + 1] = prefix[i]! + input[at(line, i)]!;
      for (let i = 0; i < length; i++) {
        const lo = Math.max(0, i - r);
        const hi = Math.min(length, i + r + 1);
        if (prefix[hi]! - prefix[lo]! > 0) out[at(line, i)] = 1;
      }
    }
    return out;
  };
  return pass(pass(mask, 'row'), 'column');
}

/** Square erosion: the complement's dilation, complemented (cells outside the grid count as empty). */
export function erode(mask: Uint8Array, columns: number, rows: number, r: number): Uint8Array {
  // Padded by r so the border erodes as if the outside were empty.
  const pc = columns + 2 * r;
  const pr = rows + 2 * r;
  const inverse = new Uint8Array(pc * pr).fill(1);
  for (let row = 0; row < rows; row++) for (let c = 0; c < columns; c++) inverse[(row + r) * pc + c + r] = mask[row * columns + c] ? 0 : 1;
  const grown = dilate(inverse, pc, pr, r);
  const out = new Uint8Array(columns * rows);
  for (let row = 0; row < rows; row++) for (let c = 0; c < columns; c++) out[row * columns + c] = grown[(row + r) * pc + c + r] ? 0 : 1;
  return out;
}

/** 4-connected components of the set cells: a label per cell (0 = unset) and each label's size. */
export function components(mask: Uint8Array, columns: number): { labels: Int32Array; sizes: number[] } {
  const labels = new Int32Array(mask.length);
  const sizes = [0];
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || labels[start]) continue;
    const label = sizes.length;
    let size = 0;
    labels[start] = label;
    stack.push(start);
    while (stack.length > 0) {
      const at = stack.pop()!;
      size++;
      const c = at % columns;
      const neighbours = [c > 0 ? at - 1 : -1, c < columns - 1 ? at + 1 : -1, at >= columns ? at - columns : -1, at + columns < mask.length ? at + columns : -1];
      for (const n of neighbours) {
        if (n >= 0 && mask[n] && !labels[n]) {
          labels[n] = label;
          stack.push(n);
        }
      }
    }
    sizes.push(size);
  }
  return { labels, sizes };
}
