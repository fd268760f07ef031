import { type ByteSource, type PointBatch, type PointSource } from '@/lib/server/pointcloud/types';

/** A ByteSource over bytes in memory that remembers the longest read it was asked for. */
export function memorySource(bytes: Uint8Array): ByteSource & { longestRead: number } {
  return {
    size: bytes.length,
    longestRead: 0,
    async read(offset, length) {
      this.longestRead = Math.max(this.longestRead, length);
      return bytes.slice(offset, Math.min(offset + length, bytes.length));
    },
  };
}

export interface Collected {
  count: number;
  batchSizes: number[];
  positions: number[];
  rgb: number[];
  intensity: number[];
  classification: number[];
  min: [number, number, number];
  max: [number, number, number];
}

/** Every point of a source (or batch stream), with its extent. Only for small test clouds. */
export async function collect(from: PointSource | AsyncIterable<PointBatch>): Promise<Collected> {
  const batches = 'batches' in from ? from.batches() : from;
  const result: Collected = { count: 0, batchSizes: [], positions: [], rgb: [], intensity: [], classification: [], min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
  for await (const batch of batches) {
    result.count += batch.count;
    result.batchSizes.push(batch.count);
    for (let i = 0; i < batch.count * 3; i++) {
      const value = batch.positions[i]!;
      result.positions.push(value);
      if (value < result.min[i % 3]!) result.min[i % 3] = value;
      if (value > result.max[i % 3]!) result.max[i % 3] = value;
    }
    if (batch.rgb) result.rgb = result.rgb.concat(Array.from(batch.rgb.subarray(0, batch.count * 3)));
    if (batch.intensity) result.intensity = result.intensity.concat(Array.from(batch.intensity.subarray(0, batch.count)));
    if (batch.classification) result.classification = result.classification.concat(Array.from(batch.classification.subarray(0, batch.count)));
  }
  return result;
}
