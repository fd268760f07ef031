import { conversion } from '@/lib/server/db/schema';
import { convertLocally } from '@/lib/server/pointcloud/convert/convert-locally';
import { lasBytes } from '@/lib/server/pointcloud/las/writer';
import { storage } from '@/lib/server/storage';
import { decodePanelizerPoints } from '@/lib/shared/panelizer/points';
import { randomBatch } from '../../unit/pointcloud/synthetic';
import { callAs, openAppWorld, type AppWorld, type Role } from '../mission-files/app-world';

/*
 * Issue 17 "dragged on a top-down slice of the point cloud": the segmentation plan's slice of the
 * mission's online point cloud per floor, through the route with the real identity service,
 * PostgreSQL and a cloud converted here (two storeys of 3 m, the upper one shifted 20 m east).
 */

let app: AppWorld;
let route: typeof import('@/app/api/v2/missions/[id]/tour-plan/route');
let missionId: number;
const CORNER: [number, number, number] = [691600, 5334780, 519];
const ground = randomBatch(8000, 3, CORNER, [10, 12, 3]);
const upper = randomBatch(8000, 4, [CORNER[0] + 20, CORNER[1], CORNER[2] + 3], [10, 12, 3]);

beforeAll(async () => {
  app = await openAppWorld('tour-plan');
  // Rheinland's mission: the operator (assigned) and customer2 edit its tours; customer@ is another company.
  missionId = app.w.m.rheinAssigned.id;
  const prefix = `missions/${missionId}/cloud/`;
  await storage().put(`missions/${missionId}/scan.las`, await lasBytes({ pointFormat: 3, scale: [0.001, 0.001, 0.001], offset: [691000, 5334000, 0] }, [ground, upper]));
  await convertLocally({ inputs: [{ key: `missions/${missionId}/scan.las` }], storage: storage(), workPrefix: 'work/tour-plan/', outputPrefix: prefix, threads: 0, maxChunkPoints: 5000, leafPoints: 500 });
  await app.t.db.insert(conversion).values({ missionId, state: 'succeeded', stage: 'done', inputs: [], workPrefix: 'work/tour-plan/', outputPrefix: prefix, progress: 100 });
  route = await import('@/app/api/v2/missions/[id]/tour-plan/route');
}, 180_000);
afterAll(() => app?.close());

const plan = (role: Role | null, query: string, id = missionId, headers: Record<string, string> = {}) =>
  callAs(route.GET, role, 'GET', `/api/v2/missions/${id}/tour-plan?${query}`, { params: { id: String(id) }, headers });

describe("the segmentation plan's slice of the point cloud", () => {
  it("draws each floor's walls from above: the ground floor's points, then the upper floor's 20 m east", async () => {
    const res = await plan('operator', 'floor=0');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    const floor0 = decodePanelizerPoints(await res.arrayBuffer());
    // Heights 0.5 m to 2.5 m of the ground storey: about two thirds of its points, none of the upper one.
    expect(floor0.count).toBeGreaterThan(4000);
    expect(floor0.count).toBeLessThan(6500);
    expect(floor0.bounds.uMin).toBeGreaterThanOrEqual(0);
    expect(floor0.bounds.uMax).toBeLessThanOrEqual(10.01);
    expect(floor0.bounds.vMax).toBeLessThanOrEqual(12.01);

    const floor1 = decodePanelizerPoints(await (await plan('customer2', 'floor=1')).arrayBuffer());
    expect(floor1.count).toBeGreaterThan(4000);
    expect(floor1.bounds.uMin).toBeGreaterThanOrEqual(19.99);
    expect(floor1.bounds.uMax).toBeLessThanOrEqual(30.01);
    expect(decodePanelizerPoints(await (await plan('operator', 'floor=3')).arrayBuffer()).count).toBe(0);
    // Thinned evenly to the limit asked for.
    expect(decodePanelizerPoints(await (await plan('operator', 'floor=0&limit=1000')).arrayBuffer()).count).toBeLessThanOrEqual(1000);
  });

  it('revalidates with its tag (304) and refuses bad input with 400, another company with 403, no cloud with 409', async () => {
    const first = await plan('operator', 'floor=0');
    const etag = first.headers.get('etag')!;
    expect((await plan('operator', 'floor=0', missionId, { 'if-none-match': etag })).status).toBe(304);
    expect((await plan('operator', 'floor=x')).status).toBe(400);
    expect((await plan('operator', 'floor=0&limit=5')).status).toBe(400);
    expect((await plan('operator', '')).status).toBe(400);
    expect((await plan(null, 'floor=0')).status).toBe(401);
    const other = await plan('customer', 'floor=0');
    expect(other.status).toBe(403);
    expect(((await other.json()) as { error: { message: string } }).error.message).toBe('not authorized to access mission id');
    const none = await plan('admin', 'floor=0', app.w.m.provider.id);
    expect(none.status).toBe(409);
    expect(((await none.json()) as { error: { details: { key: string } } }).error.details.key).toBe('tours.blocked.pointcloudNotReady');
  });
});
