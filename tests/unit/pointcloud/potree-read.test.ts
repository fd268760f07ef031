/**
 * @jest-environment node
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { convertLocally } from '@/lib/server/pointcloud/convert/convert-locally';
import { lasBytes } from '@/lib/server/pointcloud/las/writer';
import { allNodes, clearPotreeCaches, openPotreeCloud, readPotreeNodes } from '@/lib/server/pointcloud/read';
import { createFsStorage } from '@/lib/server/storage/fs-driver';
import type { Storage } from '@/lib/server/storage/types';
import { randomBatch } from './synthetic';

jest.setTimeout(30_000);

let root: string;
let storage: Storage;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'argus-potree-read-'));
  storage = createFsStorage(root);
  clearPotreeCaches();
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** "x y z r g b" per point, sorted: positions at millimetres, colours as 8-bit. */
const keyOf = (x: number, y: number, z: number, r: number, g: number, b: number) => `${x.toFixed(3)} ${y.toFixed(3)} ${z.toFixed(3)} ${r} ${g} ${b}`;

describe('reading a converted Potree 2.0 cloud', () => {
  it('decodes every node to the input points and colours, each inside its node box', async () => {
    // Large coordinates and a dense cluster: upper Morton bits are used and the hierarchy has proxies.
    const a = randomBatch(5000, 3, [691580, 5334764, 518], [70, 50, 20]);
    const b = randomBatch(3000, 4, [691600, 5334780, 520], [0.3, 0.3, 0.3]);
    await storage.put('in/a.las', await lasBytes({ pointFormat: 3, scale: [0.001, 0.001, 0.001], offset: [691000, 5334000, 0] }, [a]));
    await storage.put('in/b.las', await lasBytes({ pointFormat: 2, scale: [0.001, 0.001, 0.001], offset: [691000, 5334000, 0] }, [b]));
    await convertLocally({ inputs: [{ key: 'in/a.las' }, { key: 'in/b.las' }], storage, workPrefix: 'work/', outputPrefix: 'clouds/c/', threads: 0, maxChunkPoints: 1500, leafPoints: 100 });

    const cloud = await openPotreeCloud(storage, 'clouds/c');
    const nodes = allNodes(cloud.root);
    expect(nodes.some((n) => n.level > cloud.metadata.hierarchy.stepSize)).toBe(true);
    expect(nodes.reduce((sum, n) => sum + n.count, 0)).toBe(8000);
    const decoded = await readPotreeNodes(storage, cloud, nodes);
    const { scale, offset } = cloud.metadata;
    const got: string[] = [];
    const outside: string[] = [];
    decoded.forEach((d, k) => {
      const { box } = nodes[k]!;
      for (let i = 0; i < d.count; i++) {
        const p = [0, 1, 2].map((axis) => d.positions[i * 3 + axis]! * scale[axis]! + offset[axis]!) as [number, number, number];
        const inside = [0, 1, 2].every((axis) => p[axis]! >= box.min[axis]! - scale[axis]! && p[axis]! <= box.max[axis]! + scale[axis]!);
        if (!inside) outside.push(`${nodes[k]!.name}: ${p.join(' ')}`);
        got.push(keyOf(p[0], p[1], p[2], d.rgb[i * 3]!, d.rgb[i * 3 + 1]!, d.rgb[i * 3 + 2]!));
      }
    });
    const want: string[] = [];
    for (const batch of [a, b]) {
      for (let i = 0; i < batch.count; i++) {
        const c = batch.rgb!;
        want.push(keyOf(batch.positions[i * 3]!, batch.positions[i * 3 + 1]!, batch.positions[i * 3 + 2]!, c[i * 3]! >> 8, c[i * 3 + 1]! >> 8, c[i * 3 + 2]! >> 8));
      }
    }
    expect(outside).toEqual([]);
    expect(got.sort()).toEqual(want.sort());
  });

  it('serves a node again from memory, and a missing cloud as an error without caching it', async () => {
    const a = randomBatch(2000, 9);
    await storage.put('in/a.las', await lasBytes({ pointFormat: 3, scale: [0.001, 0.001, 0.001], offset: [500000, 5400000, 0] }, [a]));
    await expect(openPotreeCloud(storage, 'clouds/d/')).rejects.toThrow();
    await convertLocally({ inputs: [{ key: 'in/a.las' }], storage, workPrefix: 'work/', outputPrefix: 'clouds/d/', threads: 0 });
    const cloud = await openPotreeCloud(storage, 'clouds/d/');
    const [first] = await readPotreeNodes(storage, cloud, [cloud.root]);
    const [again] = await readPotreeNodes(storage, cloud, [cloud.root]);
    expect(again).toBe(first);
    expect(first!.count).toBe(cloud.root.count);
  });
});
