/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openE57Source } from '@/lib/server/pointcloud/e57';
import { crc32c } from '@/lib/server/pointcloud/e57/crc32c';
import { PointCloudError } from '@/lib/server/pointcloud/types';
import { writeE57 } from './e57-test-writer';
import { collect, memorySource } from './memory-source';

const fixture = (name: string) => new Uint8Array(readFileSync(join(__dirname, '../../fixtures/pointcloud', name)));

async function failure(bytes: Uint8Array): Promise<PointCloudError['code'] | undefined> {
  try {
    await collect(await openE57Source(memorySource(bytes)));
    return undefined;
  } catch (error) {
    if (error instanceof PointCloudError) return error.code;
    throw error;
  }
}

describe('crc32c', () => {
  it('gives the Castagnoli check value', () => {
    expect(crc32c(new TextEncoder().encode('123456789'))).toBe(0xe3069283);
    expect(crc32c(new TextEncoder().encode('0123456789abcdef123456789'), 16)).toBe(0xe3069283);
  });
});

describe('openE57Source on real files', () => {
  it('reads the 30 571 points of bunnyDouble.e57 (float64 coordinates)', async () => {
    const source = await openE57Source(memorySource(fixture('bunnyDouble.e57')));
    expect(source.header).toMatchObject({ format: 'e57', version: '1.0', declaredPointCount: 30571, crs: { units: 'm' }, attributes: { rgb: false, intensity: false } });
    const points = await collect(source);
    expect(points.count).toBe(30571);
    expect(points.min[0]).toBeCloseTo(-0.094689, 6);
    expect(points.max[0]).toBeCloseTo(0.061009, 6);
    expect(points.min[1]).toBeCloseTo(0.040011, 6);
    expect(points.max[1]).toBeCloseTo(0.187321, 6);
    expect(points.min[2]).toBeCloseTo(-0.061873, 6);
    expect(points.max[2]).toBeCloseTo(0.058799, 6);
  });

  it('reads the 153 coloured points of ColourRepresentation.e57 (scaled integers, 16-bit colours)', async () => {
    const source = await openE57Source(memorySource(fixture('ColourRepresentation.e57')));
    expect(source.header.attributes.rgb).toBe(true);
    const points = await collect(source);
    expect(points.count).toBe(153);
    expect(points.min).toEqual([-0.5, -0.5, -0.5]);
    expect(points.max).toEqual([0.5, 0.5, 0.5]);
    const colours = new Set<string>();
    for (let i = 0; i < points.count; i++) colours.add(points.rgb.slice(i * 3, i * 3 + 3).join(','));
    expect([...colours].sort()).toEqual(['0,0,65280', '0,65280,0', '65280,0,0']);
  });

  it('rejects a page with one flipped byte as badChecksum', async () => {
    const bytes = fixture('bunnyDouble.e57');
    bytes[5000]! ^= 0x01;
    expect(await failure(bytes)).toBe('badChecksum');
  });

  it('rejects a cut file as truncated', async () => {
    expect(await failure(fixture('bunnyDouble.e57').slice(0, 400_000))).toBe('truncated');
  });

  it('rejects a file that is not E57 as malformedHeader', async () => {
    const bytes = fixture('ColourRepresentation.e57');
    bytes[0] = 'B'.charCodeAt(0);
    expect(await failure(bytes)).toBe('malformedHeader');
  });
});

describe('openE57Source on generated files', () => {
  const count = 300;
  const xs = Array.from({ length: count }, (_, i) => -4 + (i * 8) / count);
  const ys = xs.map((x) => x / 2 + 1);
  const zs = xs.map((x, i) => (i % 7) * 0.25 - x / 4);

  it('decodes bit-packed scaled integers across packets and applies each scan pose', async () => {
    const half = Math.SQRT1_2;
    const file = writeE57([
      {
        // A quarter turn about z, then a shift: (x, y, z) → (−y + 100, x + 200, z + 10).
        rotation: [half, 0, 0, half],
        translation: [100, 200, 10],
        fields: [
          { name: 'cartesianX', kind: 'scaled', minimum: -5000, maximum: 5000, scale: 0.001, values: xs },
          { name: 'cartesianY', kind: 'scaled', minimum: -5000, maximum: 5000, scale: 0.001, values: ys },
          { name: 'cartesianZ', kind: 'float', precision: 'single', values: zs },
          { name: 'cartesianInvalidState', kind: 'integer', minimum: 0, maximum: 2, values: xs.map((_, i) => (i % 10 === 3 ? 2 : 0)) },
        ],
      },
    ]);
    const points = await collect(await openE57Source(memorySource(file)));
    const valid = xs.map((_, i) => i).filter((i) => i % 10 !== 3);
    expect(points.count).toBe(valid.length);
    valid.forEach((i, n) => {
      expect(points.positions[n * 3]).toBeCloseTo(-ys[i]! + 100, 3);
      expect(points.positions[n * 3 + 1]).toBeCloseTo(xs[i]! + 200, 3);
      expect(points.positions[n * 3 + 2]).toBeCloseTo(zs[i]! + 10, 5);
    });
  });

  it('reads several scans as one cloud, spherical coordinates, colour and intensity limits', async () => {
    const ranges = [2, 3, 4];
    const azimuths = [0, Math.PI / 2, Math.PI];
    const elevations = [0, 0, Math.PI / 6];
    const file = writeE57(
      [
        {
          fields: [
            { name: 'cartesianX', kind: 'float', precision: 'double', values: [1, 2] },
            { name: 'cartesianY', kind: 'float', precision: 'double', values: [3, 4] },
            { name: 'cartesianZ', kind: 'float', precision: 'double', values: [5, 6] },
            { name: 'colorRed', kind: 'integer', minimum: 0, maximum: 255, values: [255, 0] },
            { name: 'colorGreen', kind: 'integer', minimum: 0, maximum: 255, values: [0, 128] },
            { name: 'colorBlue', kind: 'integer', minimum: 0, maximum: 255, values: [0, 255] },
          ],
          xml: '<colorLimits type="Structure"><colorRedMinimum type="Integer">0</colorRedMinimum><colorRedMaximum type="Integer">255</colorRedMaximum></colorLimits>',
        },
        {
          translation: [10, 0, 0],
          fields: [
            { name: 'sphericalRange', kind: 'float', precision: 'double', values: ranges },
            { name: 'sphericalAzimuth', kind: 'float', precision: 'double', values: azimuths },
            { name: 'sphericalElevation', kind: 'float', precision: 'double', values: elevations },
            { name: 'intensity', kind: 'float', precision: 'single', values: [0, 0.5, 1] },
          ],
          xml: '<intensityLimits type="Structure"><intensityMinimum type="Float">0</intensityMinimum><intensityMaximum type="Float">1</intensityMaximum></intensityLimits>',
        },
      ],
      '<coordinateMetadata type="String"><![CDATA[EPSG:25832]]></coordinateMetadata>',
    );
    const source = await openE57Source(memorySource(file));
    expect(source.header).toMatchObject({ declaredPointCount: 5, crs: { epsg: 25832, units: 'm' }, attributes: { rgb: true, intensity: true } });
    const points = await collect(source);
    const expected = [1, 3, 5, 2, 4, 6, 12, 0, 0, 10, 3, 0, 10 - 4 * Math.cos(Math.PI / 6), 0, 4 * Math.sin(Math.PI / 6)];
    expected.forEach((value, i) => expect(points.positions[i]).toBeCloseTo(value, 9));
    // The second scan has no colours: black. The first has no intensity: zero.
    expect(points.rgb).toEqual([65535, 0, 0, 0, 128 * 257, 65535, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(points.intensity).toEqual([0, 0, 0, 32768, 65535]);
  });

  it('refuses XML with a DOCTYPE (no entity expansion)', async () => {
    const file = writeE57([{ fields: [{ name: 'cartesianX', kind: 'float', precision: 'double', values: [1] }] }]);
    const text = new TextDecoder('latin1').decode(file);
    expect(text).toContain('<!-- written by the test -->');
    // Same length, so the pages stay in place; the checksum of that page is fixed below.
    const patched = new Uint8Array(file);
    const at = text.indexOf('<!-- written by the test -->');
    patched.set(new TextEncoder().encode('<!DOCTYPE e57 [<!ENTITY a "">]>'.padEnd(28, ' ').slice(0, 28)), at);
    const page = Math.floor(at / 1024) * 1024;
    new DataView(patched.buffer).setUint32(page + 1020, crc32c(patched, page, page + 1020), false);
    expect(await failure(patched)).toBe('malformedHeader');
  });

  it('reports a file whose scans hold no points as noPoints', async () => {
    const file = writeE57([{ fields: [{ name: 'cartesianX', kind: 'float', precision: 'double', values: [] }, { name: 'cartesianY', kind: 'float', precision: 'double', values: [] }, { name: 'cartesianZ', kind: 'float', precision: 'double', values: [] }] }]);
    expect(await failure(file)).toBe('noPoints');
  });
});
