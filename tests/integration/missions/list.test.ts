import type { DomainContext } from '@/lib/server/domain/context';
import { createCompanyFromJson } from '@/lib/server/companies/create-company';
import { createMissionFromJson } from '@/lib/server/missions/create-mission';
import { getMissionNeighboursFromJson } from '@/lib/server/missions/get-mission-neighbours';
import { hideMission } from '@/lib/server/missions/hide-mission';
import { listMissionsFromJson } from '@/lib/server/missions/list-missions';
import { attachMissionTagFromJson } from '@/lib/server/tags/attach-mission-tag';
import { createTagFromJson } from '@/lib/server/tags/create-tag';
import * as api from '@/lib/shared/api/endpoints/missions';
import { MISSION_PRIORITIES, type MissionPriority } from '@/lib/shared/schemas/mission';
import { MISSION_SORTS, type MissionListQuery } from '@/lib/shared/schemas/mission-view';
import { buildWorld, missionInput, openTestDb, type TestDb, type World } from './fixtures';

let t: TestDb;
let w: World;
let companyId: number;
let admin: DomainContext;
const created: number[] = [];

/** Values with deliberate ties and gaps, so the id tie-breaker and the null handling are exercised. */
function variant(i: number) {
  const names = ['Alpha Halle', 'beta Lager', 'Gamma Büro', 'alpha halle'];
  return {
    name: `${names[i % names.length]}`,
    priority: MISSION_PRIORITIES[i % 4] as MissionPriority,
    createdAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 3))).toISOString(),
    scanAppointment: i % 3 === 0 ? undefined : new Date(Date.UTC(2026, 5, 1 + (i % 5))).toISOString(),
    deliveryDate: i % 4 === 0 ? undefined : `2026-07-0${1 + (i % 3)}`,
  };
}

beforeAll(async () => {
  t = await openTestDb();
  w = await buildWorld(t);
  admin = w.ctx('admin');
  companyId = (await createCompanyFromJson(t.system, { name: 'Paging GmbH' })).id;
  for (let i = 0; i < 23; i++) created.push((await createMissionFromJson(t.system, missionInput(companyId, variant(i)))).id);
});
afterAll(() => t?.close());

async function readAll(query: MissionListQuery, between?: (page: number) => Promise<void>) {
  const ids: number[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const result = await listMissionsFromJson(admin, { ...query, cursor, limit: 4 });
    expect(api.listMissions.response.safeParse(result).success).toBe(true);
    ids.push(...result.items.map((i) => i.id));
    if (!result.nextCursor) return ids;
    cursor = result.nextCursor;
    await between?.(page);
  }
  throw new Error('did not finish');
}

describe('mission list', () => {
  for (const sort of MISSION_SORTS) {
    for (const order of ['asc', 'desc'] as const) {
      it(`pages by ${sort} ${order}: every row exactly once, in the same order as one big page, even with inserts between pages`, async () => {
        const query = { companyId: [companyId], sort, order } as MissionListQuery;
        const whole = (await listMissionsFromJson(admin, { ...query, limit: 200 })).items.map((i) => i.id);
        expect(new Set(whole)).toEqual(new Set(created));
        expect(await readAll(query)).toEqual(whole);

        const inserted: number[] = [];
        const paged = await readAll(query, async (page) => {
          const id = (await createMissionFromJson(t.system, missionInput(companyId, { ...variant(page * 7), name: `Neu ${sort} ${order} ${page}` }))).id;
          inserted.push(id);
        });
        expect(new Set(paged).size).toBe(paged.length);
        for (const id of whole) expect(paged.filter((x) => x === id)).toHaveLength(1);
        // The originals keep their relative order; inserted rows may appear only where they sort.
        expect(paged.filter((id) => whole.includes(id))).toEqual(whole);
        await t.pool.query('delete from mission where id = any($1)', [inserted]);
      });
    }
  }

  it('answers every row exactly in the schema\'s shape, full and external view (the handler sends it without parsing it again)', async () => {
    for (const who of ['admin', 'customer', 'external'] as const) {
      const page = await listMissionsFromJson(w.ctx(who), { limit: 200 });
      expect(page.items.length).toBeGreaterThan(0);
      // Strict: a field the schema does not name (a row sent as-is) would be stripped by the parse and fail here.
      expect(page).toStrictEqual(api.listMissions.response.parse(page));
      expect(new Set(page.items.map((i) => i.view))).toEqual(new Set([who === 'external' ? 'external' : 'full']));
    }
  });

  it('sorts by name case-insensitively, ties by id, and by priority from urgent down', async () => {
    const byName = (await listMissionsFromJson(admin, { companyId: [companyId], sort: 'name', order: 'asc', limit: 200 })).items;
    const keys = byName.map((i) => [i.name.toLowerCase(), i.id] as const);
    expect(keys).toEqual([...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1])));
    const byPriority = (await listMissionsFromJson(admin, { companyId: [companyId], sort: 'priority', order: 'desc', limit: 200 })).items;
    expect(byPriority[0]!.view === 'full' && byPriority[0]!.priority).toBe('urgent');
    const scan = (await listMissionsFromJson(admin, { companyId: [companyId], sort: 'scanAppointment', order: 'asc', limit: 200 })).items;
    const firstNull = scan.findIndex((i) => i.view === 'full' && i.scanAppointment === null);
    expect(scan.slice(firstNull).every((i) => i.view === 'full' && i.scanAppointment === null)).toBe(true);
  });

  it('refuses a cursor of another order or a tampered one with 400', async () => {
    const { nextCursor } = await listMissionsFromJson(admin, { companyId: [companyId], sort: 'name', limit: 2 });
    await expect(listMissionsFromJson(admin, { companyId: [companyId], sort: 'created', cursor: nextCursor! })).rejects.toMatchObject({ code: 'validation', details: { fields: { cursor: expect.any(Array) } } });
    const tampered = Buffer.from(JSON.stringify({ s: 'created', d: 'desc', v: ["'; drop table mission; --", '1'] })).toString('base64url');
    await expect(listMissionsFromJson(admin, { cursor: tampered })).rejects.toMatchObject({ code: 'validation' });
    await expect(listMissionsFromJson(admin, { cursor: 'not base64 json' })).rejects.toMatchObject({ code: 'validation' });
    await expect(listMissionsFromJson(admin, { limit: 0 })).rejects.toMatchObject({ code: 'validation', details: { fields: { limit: expect.any(Array) } } });
    await expect(listMissionsFromJson(admin, { status: ['nonsense' as 'created'] })).rejects.toMatchObject({ code: 'validation' });
  });

  it('filters by status, step, priority, company, customer (incl. sub-customer), assignee, tags and assigned-to-me', async () => {
    const ids = async (q: MissionListQuery, ctx = admin) => (await listMissionsFromJson(ctx, { ...q, limit: 200 })).items.map((i) => i.id).sort((a, b) => a - b);
    const { m, customers, companies } = w;
    const sub = await createMissionFromJson(t.system, missionInput(companies.nord.id, { customerId: customers.c6.id, subCustomerId: customers.c11.id, status: 'delivered', step: 'invoice' }));
    expect(await ids({ status: ['delivered'], companyId: [companies.nord.id] })).toEqual([sub.id]);
    expect(await ids({ step: ['invoice', 'finished'], companyId: [companies.nord.id] })).toEqual([sub.id]);
    expect(await ids({ customerId: [customers.c11.id] })).toEqual([sub.id]);
    expect(await ids({ customerId: [customers.c6.id] })).toEqual([m.nord.id, sub.id].sort((a, b) => a - b));
    expect(await ids({ companyId: [companyId], priority: ['urgent'] })).toEqual(created.filter((_, i) => i % 4 === 3));
    expect(await ids({ assigneeId: [w.ids.operator] })).toEqual([m.rheinAssigned.id]);
    expect(await ids({ assignedTo: 'me' }, w.ctx('operator'))).toEqual([m.rheinAssigned.id]);
    expect(await ids({ assignedTo: 'me' }, w.ctx('customer'))).toEqual([]);
    const tag = await createTagFromJson(t.system, { name: 'Filter-Tag' });
    await attachMissionTagFromJson(t.system, { missionId: m.partner.id, tagId: tag.id });
    expect(await ids({ tagId: [tag.id] })).toEqual([m.partner.id]);
    // A filter never widens what a user may see.
    expect(await ids({ companyId: [companies.rheinland.id] }, w.ctx('customer'))).toEqual([m.rheinShared.id]);
  });

  it('searches id, name, references and address case-insensitively, with % and _ taken literally', async () => {
    const special = await createMissionFromJson(t.system, missionInput(companyId, { name: 'Sanierung 100% Süd_Flügel', address: 'Leopoldstraße 7, München', customerReference: 'KD-4711' }));
    const search = async (q: string) => (await listMissionsFromJson(admin, { q, limit: 200 })).items.map((i) => i.id);
    expect(await search('100% süd_')).toEqual([special.id]);
    expect(await search('LEOPOLDSTR')).toEqual([special.id]);
    expect(await search('kd-4711')).toEqual([special.id]);
    expect(await search(String(special.id))).toContain(special.id);
    expect(await search('10_%')).toEqual([]);
  });

  it('leaves hidden missions out unless asked for, and filters closed ones on request', async () => {
    const m = await createMissionFromJson(t.system, missionInput(companyId, { name: 'Versteckt Halle' }));
    await hideMission(admin, { id: m.id });
    expect((await listMissionsFromJson(admin, { q: 'versteckt', limit: 200 })).items).toEqual([]);
    expect((await listMissionsFromJson(admin, { q: 'versteckt', includeHidden: true })).items.map((i) => i.id)).toEqual([m.id]);
    expect((await listMissionsFromJson(admin, { q: 'versteckt', includeHidden: true, closed: true })).items).toEqual([]);
  });

  it('finds the previous and next mission in the same order as the list', async () => {
    const query = { companyId: [companyId], sort: 'name', order: 'asc' } as const;
    const whole = (await listMissionsFromJson(admin, { ...query, limit: 200 })).items.map((i) => i.id);
    for (const at of [0, 5, whole.length - 1]) {
      const around = await getMissionNeighboursFromJson(admin, { ...query, id: whole[at]! });
      expect(api.getMissionNeighbours.response.safeParse(around).success).toBe(true);
      expect(around).toEqual({ previousId: whole[at - 1] ?? null, nextId: whole[at + 1] ?? null });
    }
    // Every position, in sorts whose first key may be null (both directions) and in ones with ties on it.
    for (const [sort, order] of [['scanAppointment', 'desc'], ['deliveryDate', 'asc'], ['priority', 'desc'], ['created', 'asc']] as const) {
      const sorted = { companyId: [companyId], sort, order };
      const inOrder = (await listMissionsFromJson(admin, { ...sorted, limit: 200 })).items.map((i) => i.id);
      for (let at = 0; at < inOrder.length; at++) {
        expect(await getMissionNeighboursFromJson(admin, { ...sorted, id: inOrder[at]! })).toEqual({ previousId: inOrder[at - 1] ?? null, nextId: inOrder[at + 1] ?? null });
      }
    }
    await expect(getMissionNeighboursFromJson(w.ctx('customer'), { ...query, id: whole[0]! })).rejects.toMatchObject({ code: 'not_authorized' });
  });
});
