/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bufferSource } from '@/lib/server/pointcloud/byte-source';
import { lasBytes } from '@/lib/server/pointcloud/las/writer';
import { openPointSource } from '@/lib/server/pointcloud/open-source';
import { PointCloudError } from '@/lib/server/pointcloud/types';
import { collect, randomBatch } from './synthetic';

const laz = () => new Uint8Array(readFileSync(join(__dirname, '../../fixtures/pointcloud/autzen_trim.laz')));
const las = (count = 1000) => lasBytes({ pointFormat: 3, scale: [0.001, 0.001, 0.001], offset: [500000, 5400000, 0] }, count > 0 ? [randomBatch(count)] : []);

/** The code of the PointCloudError thrown by opening and reading the whole file. */
async function failure(bytes: Uint8Array): Promise<string> {
  try {
    const source = await openPointSource(bufferSource(bytes));
    await collect(source.batches());
  } catch (err) {
    if (err instanceof PointCloudError) return err.code;
    throw err;
  }
  return 'no error';
}

function setLegacyCount(bytes: Uint8Array, count: number): Uint8Array {
  const copy = bytes.slice();
  new DataView(copy.buffer).setUint32(107, count, true);
  return copy;
}

/** Offset of the LASzip VLR's payload (user "laszip encoded", record 22204). */
function lazZipRecord(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  let at = view.getUint16(94, true);
  for (let i = 0; i < view.getUint32(100, true); i += 1) {
    const user = Buffer.from(bytes.subarray(at + 2, at + 18)).toString('latin1').replace(/\0.*$/, '');
    if (user === 'laszip encoded' && view.getUint16(at + 18, true) === 22204) return at + 54;
    at += 54 + view.getUint16(at + 20, true);
  }
  throw new Error('no LASzip record');
}

describe('bad point-cloud input is refused with a named reason', () => {
  it('refuses LAZ written with the legacy LASzip 1.0 point-wise compressor before laz-perf sees it', async () => {
    const bytes = laz();
    new DataView(bytes.buffer).setUint16(lazZipRecord(bytes), 1, true);
    expect(await failure(bytes)).toBe('legacyLazCompressor');
  });

  it('refuses a truncated LAS file after the points it holds', async () => {
    const bytes = await las(1000);
    expect(await failure(bytes.subarray(0, bytes.length - 500))).toBe('truncated');
  });

  it('refuses a truncated LAZ file', async () => {
    const bytes = laz();
    expect(await failure(bytes.subarray(0, Math.floor(bytes.length / 2)))).toBe('truncated');
  });

  it('refuses a LAS header that declares more points than the file holds', async () => {
    expect(await failure(setLegacyCount(await las(1000), 5000))).toBe('truncated');
  });

  it('refuses a LAZ header that declares more points than the file holds', async () => {
    expect(await failure(setLegacyCount(laz(), 210000))).toBe('pointCountMismatch');
  });

  it('refuses a file without points', async () => {
    expect(await failure(await las(0))).toBe('noPoints');
  });

  it('refuses a malformed header', async () => {
    const version = await las(10);
    version[25] = 9;
    expect(await failure(version)).toBe('malformedHeader');
    const headerSize = await las(10);
    new DataView(headerSize.buffer).setUint16(94, 100, true);
    expect(await failure(headerSize)).toBe('malformedHeader');
    const format = await las(10);
    format[104] = 12;
    expect(await failure(format)).toBe('unsupportedPointFormat');
  });

  it('refuses a file it does not recognise', async () => {
    expect(await failure(new TextEncoder().encode('solid cube\nendsolid cube\n'))).toBe('unsupportedFormat');
  });
});
