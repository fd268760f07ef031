/**
 * @jest-environment node
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { acrossOutline, windowColumn } from '@/lib/server/panelizer/points/default-section';
import { cutPanelizerPoints } from '@/lib/server/panelizer/points/cut';
import { convertLocally } from '@/lib/server/pointcloud/convert/convert-locally';
import { writeLas } from '@/lib/server/pointcloud/las/writer';
import { clearPotreeCaches } from '@/lib/server/pointcloud/read';
import { createFsStorage } from '@/lib/server/storage/fs-driver';
import { panelizerPointsQuerySchema } from '@/lib/shared/panelizer/points';
import { proposeFloorLines } from '@/lib/shared/panelizer/proposals';
import { DEMO_BUILDING_BOUNDS, DEMO_BUILDING_ORIGIN, generateDemoBuilding } from '@/scripts/seed/demo-building';
import { STOREY_HEIGHT, STOREYS } from '@/scripts/seed/demo-building-surfaces';

jest.setTimeout(180_000);

describe('windowColumn', () => {
  it('takes the fullest column of openings, nearest the middle on a tie', () => {
    const w = (left: number) => ({ left, width: 1.2 });
    // Columns at 1.5 (3 openings), 4.5 (3), 7.5 (2) on a 9 m edge: 4.5 is nearer the middle.
    expect(windowColumn([w(0.9), w(0.95), w(0.9), w(3.9), w(3.9), w(3.85), w(6.9), w(6.9)], 9)).toBeCloseTo(4.5 - 0.05 / 3, 6);
    expect(windowColumn([w(0.9), w(0.9), w(6.9)], 9)).toBeCloseTo(1.5, 6);
    expect(windowColumn([], 9)).toBeNull();
  });
});

describe('acrossOutline', () => {
  it('runs square to the edge, from 4 m outside to 4 m beyond the far side', () => {
    const rectangle: [number, number][] = [[0, 0], [24, 0], [24, 12], [0, 12]];
    expect(acrossOutline(rectangle, 0, 10.5)).toEqual({ x0: 10.5, y0: -4, x1: 10.5, y1: 16 });
    // The north edge runs west: across it is southwards.
    expect(acrossOutline(rectangle, 2, 3)).toEqual({ x0: 21, y0: 16, x1: 21, y1: -4 });
  });
});

describe('the default section of a building cloud', () => {
  const root = mkdtempSync(join(tmpdir(), 'argus-default-section-'));
  const storage = createFsStorage(root);
  afterAll(() => {
    clearPotreeCaches();
    rmSync(root, { recursive: true, force: true });
  });

  it('crosses the building where its storeys show: every floor line proposed within 5 cm', async () => {
    const pointCount = 600_000;
    const las = writeLas({ pointFormat: 2, scale: [0.001, 0.001, 0.001], offset: DEMO_BUILDING_ORIGIN, pointCount, bounds: DEMO_BUILDING_BOUNDS, wkt: undefined }, generateDemoBuilding({ pointCount }));
    await storage.put('in/demo.las', Readable.from(las));
    await convertLocally({ inputs: [{ key: 'in/demo.las' }], storage, workPrefix: 'work/', outputPrefix: 'clouds/demo/', threads: 1 });
    const section = await cutPanelizerPoints(storage, 'clouds/demo/', DEMO_BUILDING_ORIGIN, panelizerPointsQuerySchema.parse({ view: 'section' }));
    // Square to the long south wall (local y = 0 … 12; the proposed outline is true to a centimetre),
    // through the middle of a column of windows (1.5 + 3k m).
    const line = section.section!;
    expect(Math.abs(line.x0 - line.x1)).toBeLessThan(0.05);
    expect([line.y0, line.y1]).toEqual([-4, 16].map((y) => expect.closeTo(y, 1)));
    expect(Math.abs(((line.x0 - 1.5) / 3) - Math.round((line.x0 - 1.5) / 3)) * 3).toBeLessThan(0.15);
    const proposed = proposeFloorLines(section);
    const storeys = Array.from({ length: STOREYS + 1 }, (_, k) => k * STOREY_HEIGHT);
    expect(proposed).toHaveLength(storeys.length);
    storeys.forEach((z, k) => expect(Math.abs(proposed[k]! - z)).toBeLessThanOrEqual(0.05));
  });
});
