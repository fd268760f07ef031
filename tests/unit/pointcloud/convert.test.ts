/**
 * @jest-environment node
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readAll } from '@/lib/server/storage/read-all';
import { convertLocally } from '@/lib/server/pointcloud/convert/convert-locally';
import { lasBytes } from '@/lib/server/pointcloud/las/writer';
import type { PointBatch } from '@/lib/server/pointcloud/types';
import { createFsStorage } from '@/lib/server/storage/fs-driver';
import type { Storage } from '@/lib/server/storage/types';
import { decodeNode, readHierarchy, type PotreeMetadata } from './potree-reader';
import { randomBatch } from './synthetic';

// The machine is shared with benchmarks: a conversion of 10 000 points takes 1–3 s there.
jest.setTimeout(30_000);

let root: string;
let storage: Storage;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'argus-convert-'));
  storage = createFsStorage(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const bytesOf = async (key: string) => readAll((await storage.get(key)).body);
const keysUnder = async (prefix: string) => {
  const keys: string[] = [];
  for await (const entry of storage.list(prefix)) keys.push(entry.key);
  return keys;
};

async function storeLas(key: string, batch: PointBatch, format: number, scale: number, offset: [number, number, number]) {
  await storage.put(key, await lasBytes({ pointFormat: format, scale: [scale, scale, scale], offset }, [batch]));
}

/** Every point as a sorted list of "x y z" strings at millimetre precision. */
function pointKeys(positions: ArrayLike<number>[]): string[] {
  const keys: string[] = [];
  for (const p of positions) for (let i = 0; i < p.length; i += 3) keys.push(`${p[i]!.toFixed(3)} ${p[i + 1]!.toFixed(3)} ${p[i + 2]!.toFixed(3)}`);
  return keys.sort();
}

describe('conversion to Potree 2.0 (BROTLI)', () => {
  it('merges two inputs with different scales into one cloud whose every node decodes to the input points', async () => {
    const a = randomBatch(6000, 7);
    // A dense cluster, so the octree grows deeper than one hierarchy chunk.
    const b = randomBatch(4000, 8, [500030, 5400020, 305], [0.2, 0.2, 0.2]);
    await storeLas('uploads/a.las', a, 3, 0.001, [500000, 5400000, 0]);
    await storeLas('uploads/b.las', b, 1, 0.0005, [499000, 5399000, 100]);

    // Small chunks and leaves, so the cloud has several chunks, upper levels and hierarchy proxies.
    const result = await convertLocally({
      inputs: [{ key: 'uploads/a.las' }, { key: 'uploads/b.las' }],
      storage,
      workPrefix: 'work/c1/',
      outputPrefix: 'clouds/c1/',
      threads: 0,
      maxChunkPoints: 1500,
      leafPoints: 100,
      gpsTime: true,
    });

    expect(result.points).toBe(10000);
    expect(result.chunks).toBeGreaterThan(1);
    const metadata = JSON.parse((await bytesOf('clouds/c1/metadata.json')).toString()) as PotreeMetadata;
    expect(metadata).toMatchObject({ points: 10000, encoding: 'BROTLI' });
    expect(metadata.attributes.map((x) => x.name)).toEqual(['position', 'intensity', 'return number', 'number of returns', 'classification', 'gps-time', 'rgb']);

    const nodes = readHierarchy(await bytesOf('clouds/c1/hierarchy.bin'), metadata.hierarchy.firstChunkSize);
    expect(nodes.some((n) => n.name.length - 1 > metadata.hierarchy.stepSize)).toBe(true);
    const octree = await bytesOf('clouds/c1/octree.bin');
    const decoded = nodes.map((node) => decodeNode(metadata, octree, node));
    expect(nodes.reduce((sum, n) => sum + n.numPoints, 0)).toBe(10000);
    expect(pointKeys(decoded.map((d) => d.positions))).toEqual(pointKeys([a.positions, b.positions]));

    // Bounds come from the points: the position attribute's range is the tight box.
    const all = [a.positions, b.positions];
    for (let axis = 0; axis < 3; axis += 1) {
      const values = all.flatMap((p) => Array.from(p).filter((_, i) => i % 3 === axis));
      expect(metadata.attributes[0]!.min[axis]).toBeCloseTo(Math.min(...values), 6);
      expect(metadata.attributes[0]!.max[axis]).toBeCloseTo(Math.max(...values), 6);
      expect(metadata.boundingBox.min[axis]).toBeCloseTo(Math.min(...values), 6);
    }
    // Colours survive (the second input has none: its points are black).
    const colours = decoded.flatMap((d) => d.attributes.rgb ?? []);
    expect(colours.filter((c) => c !== 0).length).toBeGreaterThan(15000);
    expect(await keysUnder('work/')).toEqual([]);
  });

  it('stops a cancelled conversion and leaves neither work files nor output', async () => {
    await storeLas('uploads/a.las', randomBatch(5000, 3), 3, 0.001, [500000, 5400000, 0]);
    const controller = new AbortController();
    const progress: string[] = [];
    const run = convertLocally({
      inputs: [{ key: 'uploads/a.las' }],
      storage,
      workPrefix: 'work/c2/',
      outputPrefix: 'clouds/c2/',
      threads: 0,
      maxChunkPoints: 1000,
      signal: controller.signal,
      onProgress: ({ stage }) => {
        progress.push(stage);
        if (stage === 'distribute') controller.abort(new Error('cancelled by the user'));
      },
    });
    await expect(run).rejects.toThrow('cancelled by the user');
    expect(progress).toContain('count');
    expect(await keysUnder('work/')).toEqual([]);
    expect(await keysUnder('clouds/')).toEqual([]);
  });
});

describe('conversion options', () => {
  it('leaves GPS time out unless asked, and reads a LAZ input', async () => {
    await storage.put('uploads/autzen.laz', readFileSync(join(__dirname, '../../fixtures/pointcloud/autzen_trim.laz')));
    await convertLocally({ inputs: [{ key: 'uploads/autzen.laz' }], storage, workPrefix: 'work/c3/', outputPrefix: 'clouds/c3/', threads: 0 });
    const metadata = JSON.parse((await bytesOf('clouds/c3/metadata.json')).toString()) as PotreeMetadata & { crs: { units: string } };
    expect(metadata.points).toBe(110000);
    expect(metadata.attributes.map((x) => x.name)).toEqual(['position', 'intensity', 'return number', 'number of returns', 'classification', 'rgb']);
    expect(metadata.crs.units).toBe('ft');
    const nodes = readHierarchy(await bytesOf('clouds/c3/hierarchy.bin'), metadata.hierarchy.firstChunkSize);
    const octree = await bytesOf('clouds/c3/octree.bin');
    expect(nodes.reduce((sum, n) => sum + decodeNode(metadata, octree, n).positions.length / 3, 0)).toBe(110000);
  });
});
