/*
 * Synthetic point batches for tests: a deterministic pseudo-random box of points with every
 * attribute a LAS format can carry.
 */
import type { PointBatch } from '@/lib/server/pointcloud/types';

export function randomBatch(
  count: number,
  seed = 1,
  origin: [number, number, number] = [500000, 5400000, 300],
  extent: [number, number, number] = [40, 30, 12],
): PointBatch {
  let state = seed >>> 0 || 1;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const positions = new Float64Array(count * 3);
  const rgb = new Uint16Array(count * 3);
  const intensity = new Uint16Array(count);
  const classification = new Uint8Array(count);
  const returnNumber = new Uint8Array(count);
  const numberOfReturns = new Uint8Array(count);
  const gpsTime = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    // Millimetre grid, so a scale of 0.001 round-trips exactly.
    positions[i * 3] = origin[0] + Math.round(next() * extent[0] * 1000) / 1000;
    positions[i * 3 + 1] = origin[1] + Math.round(next() * extent[1] * 1000) / 1000;
    positions[i * 3 + 2] = origin[2] + Math.round(next() * extent[2] * 1000) / 1000;
    rgb[i * 3] = Math.floor(next() * 65536);
    rgb[i * 3 + 1] = Math.floor(next() * 65536);
    rgb[i * 3 + 2] = Math.floor(next() * 65536);
    intensity[i] = Math.floor(next() * 65536);
    classification[i] = Math.floor(next() * 19);
    numberOfReturns[i] = 1 + Math.floor(next() * 5);
    returnNumber[i] = 1 + Math.floor(next() * numberOfReturns[i]!);
    gpsTime[i] = 300000 + i * 0.001;
  }
  return { count, positions, rgb, intensity, classification, returnNumber, numberOfReturns, gpsTime };
}

export async function collect(batches: AsyncIterable<PointBatch>): Promise<PointBatch[]> {
  const out: PointBatch[] = [];
  for await (const b of batches) out.push(b);
  return out;
}
