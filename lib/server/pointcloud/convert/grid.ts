/*
 * The cloud's integer space and the counting grid that cuts it into chunks. A node's box is
 * derived from its name ("r" then one octant digit per level: bit 2 = x, bit 1 = y, bit 0 = z,
 * as Potree 2 reads them), so every stage agrees without passing boxes around.
 */

/** Cells per axis of the counting grid (2^GRID_LEVELS). */
export const GRID_LEVELS = 7;
export const GRID = 1 << GRID_LEVELS;

export interface Quantization {
  scale: [number, number, number];
  offset: [number, number, number];
  /** Edge of the cubic root box, in integer units per axis (cubeSize / scale). */
  cube: [number, number, number];
}

export interface IntBox {
  min: [number, number, number];
  size: [number, number, number];
}

export function boxOfNode(name: string, q: Quantization): IntBox {
  const min: [number, number, number] = [0, 0, 0];
  const size: [number, number, number] = [q.cube[0], q.cube[1], q.cube[2]];
  for (let i = 1; i < name.length; i += 1) {
    const digit = name.charCodeAt(i) - 48;
    for (let a = 0; a < 3; a += 1) size[a]! /= 2;
    if (digit & 4) min[0] += size[0];
    if (digit & 2) min[1] += size[1];
    if (digit & 1) min[2] += size[2];
  }
  return { min, size };
}

/** The grid cell of each point (index x·G² + y·G + z), from world coordinates. */
export function cellsOf(positions: Float64Array, count: number, q: Quantization): Uint32Array {
  const cells = new Uint32Array(count);
  const top = GRID - 1;
  // Cells from world coordinates: the integer position's cell, without rounding to integers first.
  const fx = GRID / (q.cube[0] * q.scale[0]);
  const fy = GRID / (q.cube[1] * q.scale[1]);
  const fz = GRID / (q.cube[2] * q.scale[2]);
  const [ox, oy, oz] = q.offset;
  const g = GRID;
  for (let i = 0; i < count; i += 1) {
    let ix = Math.floor((positions[i * 3]! - ox) * fx);
    let iy = Math.floor((positions[i * 3 + 1]! - oy) * fy);
    let iz = Math.floor((positions[i * 3 + 2]! - oz) * fz);
    ix = ix < 0 ? 0 : ix > top ? top : ix;
    iy = iy < 0 ? 0 : iy > top ? top : iy;
    iz = iz < 0 ? 0 : iz > top ? top : iz;
    cells[i] = (ix * g + iy) * g + iz;
  }
  return cells;
}

export interface ChunkPlan {
  chunks: { name: string; count: number }[];
  /** For each grid cell, the index of its chunk. */
  cellToChunk: Int32Array;
}

/**
 * Cuts the grid into octree nodes holding at most `maxPoints` each (a finest cell may hold more:
 * that is where the cap cannot bind). Top-down over a count pyramid. Counts may be estimates
 * (from samples), so every cell belongs to a chunk: the empty octants of a split node become
 * chunks too, and stay empty unless unsampled points land there.
 */
export function planChunks(counts: Uint32Array, maxPoints: number): ChunkPlan {
  const levels: Float64Array[] = [];
  levels[GRID_LEVELS] = Float64Array.from(counts);
  for (let l = GRID_LEVELS - 1; l >= 0; l -= 1) {
    const n = 1 << l;
    const finer = levels[l + 1]!;
    const level = new Float64Array(n * n * n);
    for (let x = 0; x < 2 * n; x += 1) {
      for (let y = 0; y < 2 * n; y += 1) {
        for (let z = 0; z < 2 * n; z += 1) {
          level[((x >> 1) * n + (y >> 1)) * n + (z >> 1)]! += finer[(x * 2 * n + y) * 2 * n + z]!;
        }
      }
    }
    levels[l] = level;
  }
  const chunks: { name: string; count: number }[] = [];
  const cellToChunk = new Int32Array(GRID * GRID * GRID).fill(-1);
  const visit = (l: number, x: number, y: number, z: number, name: string) => {
    const n = 1 << l;
    const count = levels[l]![(x * n + y) * n + z]!;
    if (count <= maxPoints || l === GRID_LEVELS) {
      const id = chunks.length;
      chunks.push({ name, count });
      const span = 1 << (GRID_LEVELS - l);
      for (let ix = x * span; ix < (x + 1) * span; ix += 1) {
        for (let iy = y * span; iy < (y + 1) * span; iy += 1) {
          const row = (ix * GRID + iy) * GRID;
          cellToChunk.fill(id, row + z * span, row + (z + 1) * span);
        }
      }
      return;
    }
    for (let d = 0; d < 8; d += 1) visit(l + 1, x * 2 + ((d >> 2) & 1), y * 2 + ((d >> 1) & 1), z * 2 + (d & 1), name + d);
  };
  visit(0, 0, 0, 0, 'r');
  return { chunks, cellToChunk };
}
