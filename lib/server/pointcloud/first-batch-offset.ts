import { type PointBatch } from './types';

/**
 * Float formats (PLY, E57) have no quantization of their own; the converter still needs an offset
 * near the data so that 0.001 m steps fit in 32-bit integers. The whole metre below the first
 * batch's minimum is near enough for any building-sized cloud and costs one batch to find.
 * Undefined when the source has no points.
 */
export async function offsetFromFirstBatch(batches: AsyncIterable<PointBatch>): Promise<[number, number, number] | undefined> {
  for await (const batch of batches) {
    if (batch.count === 0) continue;
    const min = [Infinity, Infinity, Infinity];
    const p = batch.positions;
    for (let i = 0; i < batch.count * 3; i += 3) {
      if (p[i]! < min[0]!) min[0] = p[i]!;
      if (p[i + 1]! < min[1]!) min[1] = p[i + 1]!;
      if (p[i + 2]! < min[2]!) min[2] = p[i + 2]!;
    }
    return [Math.floor(min[0]!), Math.floor(min[1]!), Math.floor(min[2]!)];
  }
  return undefined;
}

export const FLOAT_FORMAT_SCALE: [number, number, number] = [0.001, 0.001, 0.001];
