import { openApiDocument } from '@/lib/server/api/openapi';
import { endpoints } from '@/lib/shared/api/endpoints';
import { listMissionsFromJson } from '@/lib/server/missions/list-missions';
import { mapMissionsFromJson } from '@/lib/server/missions/map-missions';
import { createMissionFromJson } from '@/lib/server/missions/create-mission';
import * as api from '@/lib/shared/api/endpoints/map';
import type { MapMissions } from '@/lib/shared/api/endpoints/map';
import { buildWorld, missionInput, openTestDb, outcome, type TestDb, type World } from '../missions/fixtures';

let t: TestDb;
let w: World;

const GERMANY = '5.5,47,15.5,55.2';
const HAMBURG = '9.8,53.4,10.3,53.7';
const MUNICH = '11.4,48.0,11.8,48.3';

/** Missions on the map: the clusters' counts plus the single missions. */
const shown = (r: MapMissions) => r.clusters.reduce((sum, c) => sum + c.count, 0) + r.missions.length;

beforeAll(async () => {
  t = await openTestDb();
  w = await buildWorld(t);
  // Nord's missions spread over Hamburg (8, close together) and Cologne (2), beside the world's Munich missions.
  for (let i = 0; i < 8; i++) {
    await createMissionFromJson(t.system, missionInput(w.companies.nord.id, { name: `Hamburg ${i}`, customerId: w.customers.c6.id, latitude: 53.55 + i * 0.001, longitude: 10.0 + i * 0.001 }));
  }
  for (let i = 0; i < 2; i++) {
    await createMissionFromJson(t.system, missionInput(w.companies.nord.id, { name: `Köln ${i}`, customerId: w.customers.c6.id, latitude: 50.94 + i * 0.01, longitude: 6.96 }));
  }
  await t.pool.query(`update mission set status = 'delivered', step = 'finished' where name in ('Hamburg 0', 'Hamburg 1', 'Köln 0')`);
  // A hidden mission is not on the map, as it is not in the default lists.
  const hidden = await createMissionFromJson(t.system, missionInput(w.companies.nord.id, { name: 'Hamburg versteckt', customerId: w.customers.c6.id, latitude: 53.56, longitude: 10.01 }));
  await t.pool.query('update mission set hidden = true where id = $1', [hidden.id]);
}, 60_000);
afterAll(() => t?.close());

describe('who may use the map (spec §6)', () => {
  it.each(['customer2', 'operator', 'external'] as const)('%s is refused with forbidden', async (role) => {
    expect(await outcome(() => mapMissionsFromJson(w.ctx(role), { bbox: GERMANY, zoom: 6 }))).toBe('not_authorized');
  });

  it.each(['admin', 'advanced', 'customer'] as const)('%s sees exactly the missions of the list', async (role) => {
    const list = await listMissionsFromJson(w.ctx(role), { limit: 200 });
    const map = await mapMissionsFromJson(w.ctx(role), { bbox: '-180,-90,180,90', zoom: 3 });
    expect(api.mapMissionsSchema.safeParse(map).success).toBe(true);
    expect(map.total).toBe(list.items.length);
    expect(shown(map)).toBe(map.total);
    const ids = (await mapMissionsFromJson(w.ctx(role), { bbox: GERMANY, zoom: 16 })).missions.map((m) => m.id).sort((a, b) => a - b);
    expect(ids).toEqual(list.items.map((i) => i.id).sort((a, b) => a - b));
  });

  it('the customer sees own and shared missions, never a foreign one', async () => {
    const ids = (await mapMissionsFromJson(w.ctx('customer'), { bbox: GERMANY, zoom: 16 })).missions.map((m) => m.id);
    expect(ids).toContain(w.m.nord.id);
    expect(ids).toContain(w.m.rheinShared.id);
    expect(ids).not.toContain(w.m.rheinForeign.id);
    expect(ids).not.toContain(w.m.provider.id);
  });
});

describe('bounding box and clusters', () => {
  it('counts only the missions inside the box', async () => {
    const hamburg = await mapMissionsFromJson(w.ctx('customer'), { bbox: HAMBURG, zoom: 10 });
    expect(hamburg.total).toBe(8);
    expect(shown(hamburg)).toBe(8);
    const munich = await mapMissionsFromJson(w.ctx('admin'), { bbox: MUNICH, zoom: 10 });
    expect(munich.total).toBe(6);
  });

  it('clusters at a low zoom add up to the visible total, with a status breakdown that adds up too', async () => {
    const r = await mapMissionsFromJson(w.ctx('customer'), { bbox: GERMANY, zoom: 6 });
    expect(r.total).toBe(12); // 8 Hamburg, 2 Köln, nord and rheinShared in Munich
    expect(shown(r)).toBe(12);
    const hamburg = r.clusters.find((c) => c.count === 8);
    expect(hamburg).toBeDefined();
    expect(hamburg!.statuses).toEqual({ created: 6, in_progress: 0, uploaded: 0, delivered: 2 });
    expect(hamburg!.lon).toBeCloseTo(10.0035, 3);
    expect(hamburg!.bounds).toEqual([10, 53.55, 10.007, 53.557]);
    for (const c of r.clusters) expect(Object.values(c.statuses).reduce((a, b) => a + b, 0)).toBe(c.count);
  });

  it('a cell with one mission and every mission at a high zoom come back as missions with name, status and step', async () => {
    const r = await mapMissionsFromJson(w.ctx('customer'), { bbox: HAMBURG, zoom: 16 });
    expect(r.clusters).toEqual([]);
    expect(r.missions).toHaveLength(8);
    expect(r.missions.find((m) => m.name === 'Hamburg 0')).toMatchObject({ status: 'delivered', step: 'finished', lat: 53.55, lon: 10 });
    const koeln = await mapMissionsFromJson(w.ctx('customer'), { bbox: '6.9,50.9,7.0,51.0', zoom: 13 });
    expect(koeln.clusters).toEqual([]);
    expect(koeln.missions.map((m) => m.name).sort()).toEqual(['Köln 0', 'Köln 1']);
  });
});

describe('filters', () => {
  it('by status and by step', async () => {
    const delivered = await mapMissionsFromJson(w.ctx('customer'), { bbox: GERMANY, zoom: 6, status: ['delivered'] });
    expect(delivered.total).toBe(3);
    const both = await mapMissionsFromJson(w.ctx('customer'), { bbox: GERMANY, zoom: 6, status: 'created,delivered' });
    expect(both.total).toBe(12);
    const finished = await mapMissionsFromJson(w.ctx('customer'), { bbox: HAMBURG, zoom: 16, step: ['finished'] });
    expect(finished.missions.map((m) => m.name).sort()).toEqual(['Hamburg 0', 'Hamburg 1']);
  });

  it('refuses a malformed box', async () => {
    expect(await outcome(() => mapMissionsFromJson(w.ctx('admin'), { bbox: '10,50,9,51', zoom: 6 }))).toBe('validation');
    expect(await outcome(() => mapMissionsFromJson(w.ctx('admin'), { bbox: '1,2,3', zoom: 6 }))).toBe('validation');
  });
});

describe('OpenAPI', () => {
  it('describes the map endpoint', () => {
    const doc = openApiDocument(endpoints, 'http://localhost') as { paths: Record<string, Record<string, unknown>> };
    expect(doc.paths['/api/v2/map/missions']?.get).toBeDefined();
  });
});
