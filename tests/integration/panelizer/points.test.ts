import { dataset } from '@/lib/server/db/schema';
import { convertLocally } from '@/lib/server/pointcloud/convert/convert-locally';
import { lasBytes } from '@/lib/server/pointcloud/las/writer';
import { storage } from '@/lib/server/storage';
import { decodePanelizerPoints } from '@/lib/shared/panelizer/points';
import type { PanelizerProjectDto } from '@/lib/shared/schemas/panelizer';
import { randomBatch } from '../../unit/pointcloud/synthetic';
import { callAs, openAppWorld, type AppWorld, type Role } from '../mission-files/app-world';

/*
 * Issue 19: the point sets the editor draws on, through the route with the real identity service,
 * PostgreSQL and storage, from a cloud converted here: the right points, the query refused in the
 * error envelope, and only the project's editors served.
 */

let app: AppWorld;
let route: typeof import('@/app/api/v2/panelizer-projects/[id]/points/route');
let project: PanelizerProjectDto;
const CLOUD_MIN: [number, number, number] = [691600, 5334780, 519];
const ORIGIN: [number, number, number] = [691601, 5334782, 520];
const batch = randomBatch(20_000, 5, CLOUD_MIN, [30, 20, 10]);

beforeAll(async () => {
  app = await openAppWorld('panelizer-points');
  // Nord's mission belongs to customer 6 (customer@): customer2 is another company's customer.
  const missionId = app.w.m.nord.id;
  const cloudPrefix = `missions/${missionId}/datasets/pts/cloud/`;
  await storage().put(`missions/${missionId}/scan.las`, await lasBytes({ pointFormat: 3, scale: [0.001, 0.001, 0.001], offset: [691000, 5334000, 0] }, [batch]));
  await convertLocally({ inputs: [{ key: `missions/${missionId}/scan.las` }], storage: storage(), workPrefix: `work/pts/`, outputPrefix: cloudPrefix, threads: 0, maxChunkPoints: 5000, leafPoints: 500 });
  await app.t.db.insert(dataset).values({ datasetId: 'pts-1', missionId, status: 'available', progress: 100, storageKey: `missions/${missionId}/scan.las`, cloudPrefix });
  const projects = await import('@/app/api/v2/missions/[id]/panelizer-projects/route');
  const created = await callAs(projects.POST, 'admin', 'POST', `/api/v2/missions/${missionId}/panelizer-projects`, { params: { id: String(missionId) }, json: { name: 'Punkte', origin: ORIGIN } });
  expect(created.status).toBe(201);
  project = (await created.json()) as PanelizerProjectDto;
  route = await import('@/app/api/v2/panelizer-projects/[id]/points/route');
}, 180_000);
afterAll(() => app?.close());

const points = (role: Role | null, query: string, headers: Record<string, string> = {}) =>
  callAs(route.GET, role, 'GET', `/api/v2/panelizer-projects/${project.id}/points?${query}`, { params: { id: project.id }, headers });

describe('the panelizer points endpoint', () => {
  it('answers a plan slice with exactly the points between its heights, in the project frame', async () => {
    const res = await points('admin', 'view=plan&zMin=2.0005&zMax=4.0005');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    const got = decodePanelizerPoints(await res.arrayBuffer());
    // The input between the heights (bounds between the millimetre grid) against the answer,
    // both ordered by colour: the same colours, x and y within float32 rounding.
    type Row = [number, number, number, number, number];
    const order = (a: Row, b: Row) => a[2] - b[2] || a[3] - b[3] || a[4] - b[4] || a[1] - b[1] || a[0] - b[0];
    const want: Row[] = [];
    for (let i = 0; i < batch.count; i++) {
      const z = batch.positions[i * 3 + 2]! - ORIGIN[2];
      if (z < 2.0005 || z > 4.0005) continue;
      want.push([batch.positions[i * 3]! - ORIGIN[0], batch.positions[i * 3 + 1]! - ORIGIN[1], batch.rgb![i * 3]! >> 8, batch.rgb![i * 3 + 1]! >> 8, batch.rgb![i * 3 + 2]! >> 8]);
    }
    const rows: Row[] = [];
    for (let i = 0; i < got.count; i++) rows.push([got.uv[i * 2]!, got.uv[i * 2 + 1]!, got.rgb[i * 3]!, got.rgb[i * 3 + 1]!, got.rgb[i * 3 + 2]!]);
    want.sort(order);
    rows.sort(order);
    expect(want.length).toBeGreaterThan(3000);
    expect(rows.length).toBe(want.length);
    expect(rows.map((r) => r.slice(2).join())).toEqual(want.map((r) => r.slice(2).join()));
    expect(Math.max(...rows.map((r, i) => Math.max(Math.abs(r[0] - want[i]![0]), Math.abs(r[1] - want[i]![1]))))).toBeLessThan(1e-4);
    expect(got.bounds.uMin).toBeGreaterThanOrEqual(-1.001);
    expect(got.bounds.vMax).toBeLessThanOrEqual(18.001);
  });

  it('names the line a section was cut along (the one asked for, or the one the server chose); other views name none', async () => {
    const given = await points('admin', 'view=section&x0=4&y0=0&x1=4&y1=20&depth=2');
    expect(given.status).toBe(200);
    expect(given.headers.get('x-panelizer-section')).toBe('4,0,4,20');
    const chosen = await points('admin', 'view=section');
    expect(chosen.headers.get('x-panelizer-section')?.split(',').map(Number).every(Number.isFinite)).toBe(true);
    expect((await points('admin', 'view=plan&zMin=0&zMax=3')).headers.get('x-panelizer-section')).toBeNull();
  });

  it('tags the answer by cloud and query: the same query revalidates with 304, another gets another tag', async () => {
    const first = await points('admin', 'view=elevation&x0=0&y0=5&x1=20&y1=5&zMin=0&zMax=6');
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect((await points('admin', 'view=elevation&x0=0&y0=5&x1=20&y1=5&zMin=0&zMax=6', { 'if-none-match': etag })).status).toBe(304);
    const other = await points('admin', 'view=elevation&x0=0&y0=5&x1=20&y1=5&zMin=0&zMax=7', { 'if-none-match': etag });
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).not.toBe(etag);
  });

  it('refuses a bad query in the error envelope', async () => {
    for (const query of ['view=plan&zMin=1', 'view=roof', 'view=plan&zMin=0&zMax=3&limit=5', 'view=plan&zMin=a&zMax=3', 'view=section&colour=red']) {
      const res = await points('admin', query);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('validation');
    }
    // Valid numbers that make no slab: named in the field errors.
    const reversed = await points('admin', 'view=plan&zMin=3&zMax=1');
    expect(reversed.status).toBe(400);
    expect(((await reversed.json()) as { error: { details: { fields: Record<string, unknown> } } }).error.details.fields).toHaveProperty('zMax');
    const noLength = await points('admin', 'view=elevation&x0=1&y0=1&x1=1&y1=1&zMin=0&zMax=3');
    expect(noLength.status).toBe(400);
  });

  it('serves only the project’s editors: another company’s customer and the mission’s own customer are refused', async () => {
    expect((await points('customer2', 'view=section')).status).toBe(403);
    expect((await points('customer', 'view=section')).status).toBe(403);
    expect((await points(null, 'view=section')).status).toBe(401);
    const unknown = await callAs(route.GET, 'admin', 'GET', '/api/v2/panelizer-projects/00000000-0000-4000-8000-000000000000/points?view=section', { params: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(unknown.status).toBe(404);
  });

  it('serves an export’s points to its editors, and to the mission’s customer once it is published', async () => {
    const exportsRoute = await import('@/app/api/v2/panelizer-projects/[id]/exports/route');
    const made = await callAs(exportsRoute.POST, 'admin', 'POST', `/api/v2/panelizer-projects/${project.id}/exports`, { params: { id: project.id } });
    expect(made.status).toBe(201);
    const exportId = ((await made.json()) as { id: string }).id;
    const exportPoints = await import('@/app/api/v2/panelizer-exports/[id]/points/route');
    const read = (role: Role | null) =>
      callAs(exportPoints.GET, role, 'GET', `/api/v2/panelizer-exports/${exportId}/points?view=plan&zMin=2.0005&zMax=4.0005`, { params: { id: exportId } });
    const editor = await read('admin');
    expect(editor.status).toBe(200);
    const projectAnswer = decodePanelizerPoints(await (await points('admin', 'view=plan&zMin=2.0005&zMax=4.0005')).arrayBuffer());
    expect(decodePanelizerPoints(await editor.arrayBuffer()).count).toBe(projectAnswer.count);
    expect((await read('customer')).status).toBe(404);
    const publish = await import('@/app/api/v2/panelizer-exports/[id]/publish/route');
    expect((await callAs(publish.POST, 'admin', 'POST', `/api/v2/panelizer-exports/${exportId}/publish`, { params: { id: exportId } })).status).toBe(200);
    expect((await read('customer')).status).toBe(200);
    expect((await read('customer2')).status).toBe(403);
    expect((await read(null)).status).toBe(401);
  });
});
