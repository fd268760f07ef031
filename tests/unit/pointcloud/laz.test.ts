/**
 * @jest-environment node
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bufferSource } from '@/lib/server/pointcloud/byte-source';
import { openPointSource } from '@/lib/server/pointcloud/open-source';
import type { PointBatch } from '@/lib/server/pointcloud/types';

const fixture = (name: string) => new Uint8Array(readFileSync(join(__dirname, '../../fixtures/pointcloud', name)));

// sha256 of positions, intensity, classification, returns, rgb and GPS time as decoded from
// PDAL's autzen_trim.las, the uncompressed twin of autzen_trim.laz (see fixtures' SOURCES.md).
const AUTZEN_TRIM_LAS_DIGEST = '7d0f1651e53c508c3255c79277c2379ffdfa06c048382cd1f3e6e7c76226fe79';

async function digest(batches: AsyncIterable<PointBatch>) {
  const hash = createHash('sha256');
  let count = 0;
  let intensity = 0;
  for await (const b of batches) {
    for (const a of [b.positions, b.intensity, b.classification, b.returnNumber, b.numberOfReturns, b.rgb, b.gpsTime]) hash.update(new Uint8Array(a!.buffer, a!.byteOffset, a!.byteLength));
    count += b.count;
    for (let i = 0; i < b.count; i += 1) intensity += b.intensity![i]!;
  }
  return { digest: hash.digest('hex'), count, intensity };
}

describe('LAZ and COPC', () => {
  it('decodes LAZ to exactly the points of its LAS twin', async () => {
    const source = await openPointSource(bufferSource(fixture('autzen_trim.laz')));
    expect(source.header).toMatchObject({ format: 'laz', version: '1.2', pointFormat: 3, declaredPointCount: 110000 });
    expect(source.header.crs.units).toBe('ft');
    const result = await digest(source.batches());
    expect(result).toEqual({ digest: AUTZEN_TRIM_LAS_DIGEST, count: 110000, intensity: 11220547 });
  });

  it('reads COPC as LAZ 1.4 with variable-sized chunks', async () => {
    const source = await openPointSource(bufferSource(fixture('autzen_trim.copc.laz')));
    expect(source.header).toMatchObject({ format: 'copc', version: '1.4', pointFormat: 7, declaredPointCount: 110000 });
    const result = await digest(source.batches());
    expect(result.count).toBe(110000);
    expect(result.intensity).toBe(11220547);
  });
});
