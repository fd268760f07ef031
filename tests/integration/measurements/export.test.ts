import { callAs, openAppWorld, type AppWorld, type Role } from '../mission-files/app-world';

/*
 * Issue 16 "exportable as CSV and GeoJSON/DXF": GET /api/v2/missions/{id}/measurements/export
 * answers the mission's items as a file for everyone who sees the mission, in the cloud's unit.
 */
jest.setTimeout(120_000);

let app: AppWorld;
let routes: { list: typeof import('@/app/api/v2/missions/[id]/measurements/route'); export: typeof import('@/app/api/v2/missions/[id]/measurements/export/route') };

beforeAll(async () => {
  app = await openAppWorld('measurements-export');
  routes = { list: await import('@/app/api/v2/missions/[id]/measurements/route'), export: await import('@/app/api/v2/missions/[id]/measurements/export/route') };
  const id = app.w.m.nord.id;
  for (const json of [
    { kind: 'distance', name: 'Traufe Nord', points: [[691_234.5, 5_334_567.25, 300], [691_237.5, 5_334_571.25, 300]] },
    { kind: 'annotation', name: 'Riss', points: [[691_236, 5_334_569, 305]], data: { title: 'Riss', text: 'über dem Fenster', camera: { position: [691_230, 5_334_560, 320], target: [691_236, 5_334_569, 305] } } },
    { kind: 'clip-box', name: 'Dach', data: { centre: [691_240, 5_334_570, 310], size: [20, 10, 4], rotation: 0 } },
  ]) {
    const res = await callAs(routes.list.POST, 'admin', 'POST', `/api/v2/missions/${id}/measurements`, { params: { id: String(id) }, json });
    expect(res.status).toBe(201);
  }
});
afterAll(() => app?.close());

const exported = (role: Role, missionId: number, format: string) =>
  callAs(routes.export.GET, role, 'GET', `/api/v2/missions/${missionId}/measurements/export?format=${format}`, { params: { id: String(missionId) } });

describe('exporting the measurements', () => {
  it('answers each format as a download for everyone who sees the mission, and refuses everyone else', async () => {
    const { m } = app.w;
    const out: Record<string, number> = {};
    for (const role of ['admin', 'advanced', 'operator', 'customer', 'customer2', 'external'] as Role[]) out[role] = (await exported(role, m.nord.id, 'csv')).status;
    expect(out).toEqual({ admin: 200, advanced: 200, operator: 403, customer: 200, customer2: 403, external: 403 });
    expect((await exported('customer', m.nord.id, 'geojson')).headers.get('content-type')).toBe('application/geo+json');
    const dxf = await exported('customer', m.nord.id, 'dxf');
    expect(dxf.headers.get('content-type')).toBe('image/vnd.dxf');
    expect(dxf.headers.get('content-disposition')).toContain(`mission-${m.nord.id}-measurements.dxf`);
  });

  it('writes the points in the cloud\'s coordinates and, without a cloud, metres and no EPSG code', async () => {
    const { m } = app.w;
    const csv = await (await exported('customer', m.nord.id, 'csv')).text();
    expect(csv).toContain('distance,Traufe Nord,yes,1,691234.5,5334567.25,300,m,,5');
    const geo = (await (await exported('customer', m.nord.id, 'geojson')).json()) as { crs?: unknown; features: { properties: { name: string; unit: string } }[] };
    expect(geo.crs).toBeUndefined();
    expect(geo.features.map((f) => [f.properties.name, f.properties.unit])).toEqual([['Traufe Nord', 'm'], ['Riss', 'm'], ['Dach', 'm']]);
    const dxf = await (await exported('customer', m.nord.id, 'dxf')).text();
    expect(dxf).toContain('AC1009');
    expect(dxf).toContain('\\U+00FCber dem Fenster');
  });

  it('answers an unknown format with the one error envelope', async () => {
    const res = await exported('customer', app.w.m.nord.id, 'xlsx');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('validation');
    expect((await exported('admin', 999_999, 'csv')).status).toBe(404);
  });
});
