/** @jest-environment node */
import { DEMO_BUILDING_BOUNDS, DEMO_BUILDING_CRS, DEMO_BUILDING_HEIGHTS, DEMO_BUILDING_ORIGIN, DEMO_BUILDING_POINT_COUNT, generateDemoBuilding } from '@/scripts/seed/demo-building';
import { type PointBatch } from '@/lib/server/pointcloud/types';

interface Tally {
  count: number;
  largestBatch: number;
  outside: number;
  top: number;
  classes: Map<number, number>;
  darkBuilding: number;
  lightBuilding: number;
}

// Per-point work stays out of `for await` bodies: Jest compiles those to slow state machines.
function tally(batch: PointBatch, into: Tally): void {
  const { min, max } = DEMO_BUILDING_BOUNDS;
  into.count += batch.count;
  into.largestBatch = Math.max(into.largestBatch, batch.count);
  for (let i = 0; i < batch.count; i++) {
    const x = batch.positions[i * 3]!;
    const y = batch.positions[i * 3 + 1]!;
    const z = batch.positions[i * 3 + 2]!;
    if (x < min[0] || x > max[0] || y < min[1] || y > max[1] || z < min[2] || z > max[2]) into.outside++;
    if (z > into.top) into.top = z;
    const kind = batch.classification![i]!;
    into.classes.set(kind, (into.classes.get(kind) ?? 0) + 1);
    if (kind === 6 && batch.rgb![i * 3]! < 80 * 257) into.darkBuilding++;
    else if (kind === 6) into.lightBuilding++;
  }
}

async function tallyAll(options: Parameters<typeof generateDemoBuilding>[0]): Promise<Tally> {
  const result: Tally = { count: 0, largestBatch: 0, outside: 0, top: -Infinity, classes: new Map(), darkBuilding: 0, lightBuilding: 0 };
  for await (const batch of generateDemoBuilding(options)) tally(batch, result);
  return result;
}

async function firstBatch(seed: number) {
  for await (const batch of generateDemoBuilding({ seed, pointCount: 2000 })) return batch;
  throw new Error('no batch');
}

describe('generateDemoBuilding', () => {
  it('yields the full point count in bounded batches, inside the exported bounds, with ground and building classes', async () => {
    const all = await tallyAll({});
    expect(all.count).toBe(DEMO_BUILDING_POINT_COUNT);
    expect(all.largestBatch).toBeLessThanOrEqual(65536);
    expect(all.outside).toBe(0);
    expect(all.top).toBeGreaterThan(DEMO_BUILDING_ORIGIN[2] + DEMO_BUILDING_HEIGHTS.ridge - 0.1);
    expect([...all.classes.keys()].sort()).toEqual([2, 6]);
    expect(all.classes.get(6)!).toBeGreaterThan(all.count * 0.3);
    expect(all.classes.get(2)!).toBeGreaterThan(all.count * 0.3);
  });

  it('is deterministic: the same seed gives the same points, another seed others', async () => {
    const [a, b, c] = await Promise.all([firstBatch(7), firstBatch(7), firstBatch(8)]);
    expect(Array.from(a.positions.subarray(0, 30))).toEqual(Array.from(b.positions.subarray(0, 30)));
    expect(Array.from(a.rgb!.subarray(0, 30))).toEqual(Array.from(b.rgb!.subarray(0, 30)));
    expect(Array.from(a.positions.subarray(0, 30))).not.toEqual(Array.from(c.positions.subarray(0, 30)));
  });

  it('leaves the window glass sparse and dark against the plaster', async () => {
    const some = await tallyAll({ pointCount: 100_000 });
    expect(some.count).toBe(100_000);
    expect(some.darkBuilding).toBeGreaterThan(0);
    expect(some.darkBuilding).toBeLessThan(some.lightBuilding * 0.05);
  });

  it('names its coordinate system', () => {
    expect(DEMO_BUILDING_CRS).toEqual({ epsg: 25832, units: 'm' });
  });
});
