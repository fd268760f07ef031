import { and, eq } from 'drizzle-orm';
import { auditEvent } from '@/lib/server/db/schema';
import type { MeasurementDto } from '@/lib/shared/schemas/measurement';
import { callAs, openAppWorld, type AppWorld, type Role } from '../mission-files/app-world';

/*
 * Issue 16 "Kept and shared" and "API shape": the viewer's items saved to the mission through
 * GET/POST /api/v2/missions/{id}/measurements and PATCH/DELETE /api/v2/measurements/{id}, called
 * by real signed-in users of the authorization matrix (tests/integration/missions/fixtures.ts):
 * whoever sees the mission sees its items, whoever may edit it edits them; stale versions 409;
 * bad input answers the one error envelope.
 */
jest.setTimeout(120_000);

let app: AppWorld;
let routes: { list: typeof import('@/app/api/v2/missions/[id]/measurements/route'); item: typeof import('@/app/api/v2/measurements/[id]/route') };

beforeAll(async () => {
  app = await openAppWorld('measurements');
  routes = { list: await import('@/app/api/v2/missions/[id]/measurements/route'), item: await import('@/app/api/v2/measurements/[id]/route') };
});
afterAll(() => app?.close());

const roles: Role[] = ['admin', 'advanced', 'operator', 'customer', 'customer2', 'external'];
// EPSG:25832 coordinates, as the demo cloud has them.
const E = 691_234.5;
const N = 5_334_567.25;
const distance = { kind: 'distance', name: 'Traufe Nordseite', points: [[E, N, 300], [E + 3, N + 4, 300], [E + 3, N + 4, 312]] };

const list = (role: Role, missionId: number) => callAs(routes.list.GET, role, 'GET', `/api/v2/missions/${missionId}/measurements`, { params: { id: String(missionId) } });
const create = (role: Role, missionId: number, json: unknown) =>
  callAs(routes.list.POST, role, 'POST', `/api/v2/missions/${missionId}/measurements`, { params: { id: String(missionId) }, json });
const patch = (role: Role, id: number, json: unknown) => callAs(routes.item.PATCH, role, 'PATCH', `/api/v2/measurements/${id}`, { params: { id: String(id) }, json });
const remove = (role: Role, id: number, version: unknown) =>
  callAs(routes.item.DELETE, role, 'DELETE', `/api/v2/measurements/${id}?version=${String(version)}`, { params: { id: String(id) } });

type ErrorBody = { error: { code: string; message: string; details?: { key?: string; fields?: Record<string, unknown>; missionId?: number } } };
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;
const created = async (res: Response) => {
  expect(res.status).toBe(201);
  return (await res.json()) as MeasurementDto;
};

async function statuses(run: (role: Role) => Promise<Response>) {
  const out: Record<string, number> = {};
  for (const role of roles) out[role] = (await run(role)).status;
  return out;
}

describe('who sees and edits the items', () => {
  it('lists them for everyone who sees the mission and refuses everyone else', async () => {
    const { m } = app.w;
    expect(await statuses((r) => list(r, m.nord.id))).toEqual({ admin: 200, advanced: 200, operator: 403, customer: 200, customer2: 403, external: 403 });
    expect(await statuses((r) => list(r, m.rheinShared.id))).toEqual({ admin: 200, advanced: 200, operator: 403, customer: 200, customer2: 200, external: 200 });
    const refusal = await errorOf(await list('customer2', m.nord.id));
    expect(refusal).toMatchObject({ code: 'not_authorized', message: 'not authorized to access mission id', details: { missionId: m.nord.id } });
    expect((await errorOf(await list('admin', 999_999))).code).toBe('not_found');
  });

  it('lets those who may edit the mission save items; a mission only shared with a customer is read-only for them', async () => {
    const { m } = app.w;
    expect(await statuses((r) => create(r, m.nord.id, { ...distance, name: `von ${r}` }))).toEqual({
      admin: 201, advanced: 201, operator: 403, customer: 201, customer2: 403, external: 403,
    });
    expect(await statuses((r) => create(r, m.rheinShared.id, { ...distance, name: `von ${r}` }))).toEqual({
      admin: 201, advanced: 201, operator: 403, customer: 403, customer2: 201, external: 403,
    });
    // The operator edits what is assigned to them; the partner's external user their own company's.
    expect((await create('operator', m.rheinAssigned.id, distance)).status).toBe(201);
    expect((await create('external', m.partner.id, distance)).status).toBe(201);
  });

  it("shows an item to everyone who sees the mission, measured, and keeps it from another company's customer", async () => {
    const { m } = app.w;
    const item = await created(await create('customer', m.nord.id, distance));
    expect(item).toMatchObject({ kind: 'distance', name: 'Traufe Nordseite', visible: true, version: 1, missionId: m.nord.id, createdBy: app.ids.customer });
    expect(item.measures).toEqual({ segments: [5, 12], total: 17 });
    for (const role of ['admin', 'advanced'] as const) {
      const items = ((await (await list(role, m.nord.id)).json()) as { items: MeasurementDto[] }).items;
      expect(items.find((i) => i.id === item.id)).toEqual(item);
    }
    expect((await patch('customer2', item.id, { version: 1, name: 'fremd' })).status).toBe(403);
    expect((await remove('customer2', item.id, 1)).status).toBe(403);
  });
});

describe('changing and deleting with versions', () => {
  it('renames and hides an item, bumping the version; a stale version is 409 and changes nothing', async () => {
    const item = await created(await create('customer', app.w.m.nord.id, distance));
    const renamed = await patch('customer', item.id, { version: 1, name: 'Traufe Süd', visible: false });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ name: 'Traufe Süd', visible: false, version: 2 });
    const stale = await patch('admin', item.id, { version: 1, name: 'Überholt' });
    expect(stale.status).toBe(409);
    expect((await errorOf(stale)).code).toBe('version_conflict');
    const moved = await patch('admin', item.id, { version: 2, points: [[E, N, 300], [E, N, 302.5]] });
    expect(await moved.json()).toMatchObject({ name: 'Traufe Süd', version: 3, measures: { segments: [2.5], total: 2.5 } });
  });

  it('keeps the version when nothing changes', async () => {
    const item = await created(await create('customer', app.w.m.nord.id, distance));
    expect(await (await patch('customer', item.id, { version: 1, name: distance.name })).json()).toMatchObject({ version: 1 });
  });

  it('deletes with the version last read: stale 409, then 204 and gone', async () => {
    const item = await created(await create('customer', app.w.m.nord.id, distance));
    await patch('customer', item.id, { version: 1, name: 'Neu' });
    expect((await remove('customer', item.id, 1)).status).toBe(409);
    expect((await remove('customer', item.id, 2)).status).toBe(204);
    const items = ((await (await list('customer', app.w.m.nord.id)).json()) as { items: MeasurementDto[] }).items;
    expect(items.some((i) => i.id === item.id)).toBe(false);
    expect((await errorOf(await patch('customer', item.id, { version: 2, name: 'x' }))).code).toBe('not_found');
    expect((await remove('customer', item.id, 2)).status).toBe(404);
  });

  it('records create, update and delete in the mission audit trail', async () => {
    const item = await created(await create('customer', app.w.m.nord.id, distance));
    await patch('customer', item.id, { version: 1, name: 'Geprüft' });
    await remove('customer', item.id, 2);
    const events = await app.t.db.select().from(auditEvent).where(and(eq(auditEvent.entity, 'measurement'), eq(auditEvent.entityId, String(item.id))));
    expect(events.map((e) => [e.action, e.missionId, e.actorId])).toEqual([
      ['create', app.w.m.nord.id, app.ids.customer],
      ['update', app.w.m.nord.id, app.ids.customer],
      ['delete', app.w.m.nord.id, app.ids.customer],
    ]);
    expect(events[1]!.diff).toEqual({ name: ['Traufe Nordseite', 'Geprüft'] });
  });
});

describe('every kind', () => {
  it('stores height, area, annotation, slice and clip box with what they need', async () => {
    const id = app.w.m.nord.id;
    const height = await created(await create('customer', id, { kind: 'height', name: 'Firsthöhe', points: [[E, N, 300], [E + 3, N + 4, 309.5]] }));
    expect(height.measures).toEqual({ height: 9.5, horizontal: 5 });
    const area = await created(await create('customer', id, { kind: 'area', name: 'Dachfläche', points: [[E, N, 0], [E + 4, N, 0], [E + 4, N + 4, 3], [E, N + 4, 3]] }));
    expect(area.measures.area).toBeCloseTo(20, 6);
    expect(area.measures.perimeter).toBeCloseTo(18, 6);
    const camera = { position: [E - 10, N - 10, 320], target: [E, N, 300] };
    const note = await created(await create('customer', id, { kind: 'annotation', name: 'Riss', points: [[E, N, 301]], data: { title: 'Riss im Putz', text: 'Über dem Fenster', camera } }));
    expect(note.data).toEqual({ title: 'Riss im Putz', text: 'Über dem Fenster', camera });
    const slice = await created(await create('customer', id, { kind: 'slice', name: 'Schnitt A', data: { centre: [E, N, 305], size: [20, 1, 15], rotation: 0.5, width: 0.2 } }));
    expect(slice).toMatchObject({ points: [], data: { width: 0.2, rotation: 0.5 } });
    const box = await created(await create('customer', id, { kind: 'clip-box', name: 'Erdgeschoss', data: { centre: [E, N, 301], size: [30, 30, 3], rotation: 0 } }));
    expect(box.data).toMatchObject({ show: 'clipped' });
    const shown = await patch('customer', box.id, { version: 1, data: { ...box.data, show: 'all' } });
    expect(await shown.json()).toMatchObject({ version: 2, data: { show: 'all' } });
  });
});

describe('bad input', () => {
  const fieldsOf = async (res: Response) => {
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('validation');
    return Object.keys(error.details?.fields ?? {});
  };

  it('answers an unknown kind, a wrong number of points and non-numeric coordinates with field errors', async () => {
    const id = app.w.m.nord.id;
    expect(await fieldsOf(await create('customer', id, { ...distance, kind: 'volume' }))).toEqual(['kind']);
    expect(await fieldsOf(await create('customer', id, { kind: 'height', name: 'h', points: [[E, N, 0], [E, N, 1], [E, N, 2]] }))).toEqual(['points']);
    expect(await fieldsOf(await create('customer', id, { ...distance, points: [[E, N, 'hoch'], [E, N, 1]] }))).toEqual(['points.0.2']);
    expect(await fieldsOf(await create('customer', id, { ...distance, name: '   ' }))).toEqual(['name']);
    expect(await fieldsOf(await create('customer', id, { kind: 'annotation', name: 'a', points: [[E, N, 0]], data: { text: 'ohne Titel' } }))).toEqual(
      expect.arrayContaining(['data.title', 'data.camera']),
    );
    expect(await fieldsOf(await create('customer', id, { kind: 'slice', name: 's', data: { centre: [E, N, 0], size: [1, 1, 1], rotation: 0, width: -1 } }))).toEqual(['data.width']);
  });

  it('checks a change against the kind of the stored item', async () => {
    const height = await created(await create('customer', app.w.m.nord.id, { kind: 'height', name: 'h', points: [[E, N, 0], [E, N, 1]] }));
    expect(await fieldsOf(await patch('customer', height.id, { version: 1, points: [[E, N, 0], [E, N, 1], [E, N, 2]] }))).toEqual(['points']);
    // The kind is not among the fields a change may carry: refused as an unknown key (reported on the body, '_').
    expect(await fieldsOf(await patch('customer', height.id, { version: 1, kind: 'distance' }))).toEqual(['_']);
    expect(await fieldsOf(await patch('customer', height.id, { name: 'ohne Version' }))).toEqual(['version']);
    expect(await fieldsOf(await remove('customer', height.id, 'x'))).toEqual(['version']);
  });

  it('refuses a caller who may not edit before reading the body, and 404s an unknown item', async () => {
    const res = await create('customer2', app.w.m.nord.id, { kind: 'nonsense' });
    expect([res.status, (await errorOf(res)).code]).toEqual([403, 'not_authorized']);
    expect((await patch('admin', 999_999, { version: 1 })).status).toBe(404);
  });
});
