/**
 * @jest-environment node
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cutPanelizerPoints } from '@/lib/server/panelizer/points/cut';
import { convertLocally } from '@/lib/server/pointcloud/convert/convert-locally';
import { lasBytes } from '@/lib/server/pointcloud/las/writer';
import { clearPotreeCaches } from '@/lib/server/pointcloud/read';
import { createFsStorage } from '@/lib/server/storage/fs-driver';
import type { Storage } from '@/lib/server/storage/types';
import { panelizerPointsQuerySchema, type PanelizerPoints } from '@/lib/shared/panelizer/points';
import { randomBatch } from '../pointcloud/synthetic';

jest.setTimeout(60_000);

const CLOUD_MIN: [number, number, number] = [691600, 5334780, 519];
const ORIGIN: [number, number, number] = [691601, 5334782, 520];
const batch = randomBatch(30_000, 11, CLOUD_MIN, [40, 30, 12]);
let root: string;
let storage: Storage;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'argus-cut-'));
  storage = createFsStorage(root);
  await storage.put('in/a.las', await lasBytes({ pointFormat: 3, scale: [0.001, 0.001, 0.001], offset: [691000, 5334000, 0] }, [batch]));
  await convertLocally({ inputs: [{ key: 'in/a.las' }], storage, workPrefix: 'work/', outputPrefix: 'clouds/c/', threads: 0, maxChunkPoints: 4000, leafPoints: 500 });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));
beforeEach(() => clearPotreeCaches());

const query = (q: Record<string, unknown>) => panelizerPointsQuerySchema.parse(q);
const cut = (q: Record<string, unknown>) => cutPanelizerPoints(storage, 'clouds/c/', ORIGIN, query(q));

// Bounds in these tests fall between the input's millimetre grid: no point sits on an edge,
// where the float rounding of decoding would decide.

type Row = [u: number, v: number, r: number, g: number, b: number];
const byColourThenV = (a: Row, b: Row) => a[2] - b[2] || a[3] - b[3] || a[4] - b[4] || a[1] - b[1] || a[0] - b[0];

/** The input points in the local frame, kept and projected by `pick`, with their 8-bit colours. */
function expected(pick: (x: number, y: number, z: number) => [number, number] | null): Row[] {
  const rows: Row[] = [];
  for (let i = 0; i < batch.count; i++) {
    const [x, y, z] = [0, 1, 2].map((a) => batch.positions[i * 3 + a]! - ORIGIN[a]!) as [number, number, number];
    const uv = pick(x, y, z);
    if (uv) rows.push([uv[0], uv[1], batch.rgb![i * 3]! >> 8, batch.rgb![i * 3 + 1]! >> 8, batch.rgb![i * 3 + 2]! >> 8]);
  }
  return rows.sort(byColourThenV);
}

/** Whether the cut holds exactly the expected points: same colours, u and v within float32 rounding. */
function expectSame(points: PanelizerPoints, want: Row[]) {
  const got: Row[] = [];
  for (let i = 0; i < points.count; i++) got.push([points.uv[i * 2]!, points.uv[i * 2 + 1]!, points.rgb[i * 3]!, points.rgb[i * 3 + 1]!, points.rgb[i * 3 + 2]!]);
  got.sort(byColourThenV);
  expect(got.length).toBe(want.length);
  let worst = 0;
  got.forEach((row, i) => {
    const other = want[i]!;
    expect(row.slice(2)).toEqual(other.slice(2));
    worst = Math.max(worst, Math.abs(row[0] - other[0]), Math.abs(row[1] - other[1]));
  });
  expect(worst).toBeLessThan(1e-4);
}

describe('cutting the panelizer point sets', () => {
  it('a plan holds every point between the heights, x and y in the local frame', async () => {
    const points = await cut({ view: 'plan', zMin: 2.0005, zMax: 3.5005 });
    const want = expected((x, y, z) => (z >= 2.0005 && z <= 3.5005 ? [x, y] : null));
    expect(want.length).toBeGreaterThan(2000);
    expectSame(points, want);
    expect(points.bounds.vMin).toBeGreaterThanOrEqual(-2);
    expect(points.bounds.uMax).toBeLessThanOrEqual(39);
  });

  it('an elevation holds the points within depth of the wall, u along the edge from its start and v = z', async () => {
    // Westward along y = 10: u = 30 − x.
    const points = await cut({ view: 'elevation', x0: 30.0005, y0: 10.0005, x1: 5.0005, y1: 10.0005, zMin: 1.0005, zMax: 6.0005, depth: 0.5 });
    const want = expected((x, y, z) => (x <= 30.0005 && x >= 5.0005 && Math.abs(y - 10.0005) <= 0.5 && z >= 1.0005 && z <= 6.0005 ? [30.0005 - x, z] : null));
    expect(want.length).toBeGreaterThan(200);
    expectSame(points, want);
  });

  it('a section is depth thick around its line; without a line and no building in the cloud it runs along the longer axis through the centre', async () => {
    const given = await cut({ view: 'section', x0: 4.0005, y0: 0.0005, x1: 4.0005, y1: 20.0005, depth: 2 });
    expectSame(given, expected((x, y, z) => (Math.abs(x - 4.0005) <= 1 && y >= 0.0005 && y <= 20.0005 ? [y - 0.0005, z] : null)));
    const fallback = await cut({ view: 'section' });
    // The cloud spans local x −1 … 39 and y −2 … 28 (its tight bounds): the line is y = 13 from x = −1.
    const tight = { minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity };
    for (let i = 0; i < batch.count; i++) {
      tight.minX = Math.min(tight.minX, batch.positions[i * 3]! - ORIGIN[0]);
      tight.maxX = Math.max(tight.maxX, batch.positions[i * 3]! - ORIGIN[0]);
      tight.minY = Math.min(tight.minY, batch.positions[i * 3 + 1]! - ORIGIN[1]);
      tight.maxY = Math.max(tight.maxY, batch.positions[i * 3 + 1]! - ORIGIN[1]);
    }
    const cy = (tight.minY + tight.maxY) / 2;
    const want = expected((x, y, z) => (Math.abs(y - cy) <= 0.5 + 1e-9 ? [x - tight.minX, z] : null));
    expect(fallback.count).toBe(want.length);
  });

  it('a diagonal elevation keeps only points inside its box', async () => {
    const points = await cut({ view: 'elevation', x0: 0, y0: 0, x1: 30, y1: 20, zMin: 0, zMax: 10, depth: 1 });
    const length = Math.hypot(30, 20);
    const want = expected((x, y, z) => {
      const u = (x * 30 + y * 20) / length;
      const w = (y * 30 - x * 20) / length;
      return u >= 0 && u <= length && Math.abs(w) <= 1 && z >= 0 && z <= 10 ? [u, z] : null;
    });
    expect(Math.abs(points.count - want.length)).toBeLessThanOrEqual(2);
    for (let i = 0; i < points.count; i++) {
      expect(points.uv[i * 2]).toBeGreaterThanOrEqual(0);
      expect(points.uv[i * 2]).toBeLessThanOrEqual(length + 1e-4);
    }
  });

  it('thins to the limit evenly over the area', async () => {
    const all = await cut({ view: 'plan', zMin: -10, zMax: 20 });
    expect(all.count).toBe(batch.count);
    const thin = await cut({ view: 'plan', zMin: -10, zMax: 20, limit: 5000 });
    expect(thin.count).toBeLessThanOrEqual(5000);
    expect(thin.count).toBeGreaterThan(1000);
    // Each quarter of the area keeps a share close to its quarter.
    const quarters = [0, 0, 0, 0];
    for (let i = 0; i < thin.count; i++) quarters[(thin.uv[i * 2]! < 19 ? 0 : 1) + (thin.uv[i * 2 + 1]! < 13 ? 0 : 2)]! += 1;
    for (const q of quarters) expect(q / thin.count).toBeGreaterThan(0.18);
  });

  it('refuses a line without length and heights the wrong way round', async () => {
    await expect(cut({ view: 'elevation', x0: 1, y0: 1, x1: 1, y1: 1, zMin: 0, zMax: 3 })).rejects.toMatchObject({ code: 'validation' });
    await expect(cut({ view: 'plan', zMin: 3, zMax: 1 })).rejects.toMatchObject({ code: 'validation', details: { fields: { zMax: [expect.stringContaining('validation.min')] } } });
  });
});
