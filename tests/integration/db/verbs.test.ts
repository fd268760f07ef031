import type { Pool } from 'pg';
import type { Db } from '@/lib/server/db/client';
import { SYSTEM_ACTOR, type Actor } from '@/lib/server/auth/actor';
import { createCompanyFromJson } from '@/lib/server/companies/create-company';
import { createCustomerFromJson } from '@/lib/server/customers/create-customer';
import { createDatasetFromJson } from '@/lib/server/datasets/create-dataset';
import type { DomainContext } from '@/lib/server/domain/context';
import { createMissionFromJson } from '@/lib/server/missions/create-mission';
import { shareMissionFromJson } from '@/lib/server/missions/share-mission';
import { createTagFromJson } from '@/lib/server/tags/create-tag';
import { upsertUserProfile } from '@/lib/server/users/upsert-user-profile';
import { metresPerDegree, type PolygonGeometry } from '@/lib/shared/geo';
import type { CreateMissionInput } from '@/lib/shared/schemas/mission';
import { freshDatabase, migrateDb, openDb } from '@/tests/support/fresh-database';
import { createDomainContext } from '@/lib/server/domain/contexts';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
let pool: Pool;
let system: DomainContext;

beforeAll(async () => {
  fresh = await freshDatabase();
  ({ db, pool } = openDb(fresh.url));
  await migrateDb(db);
  system = createDomainContext({ db, actor: SYSTEM_ACTOR, requestId: 'req-test' });
});

afterAll(async () => {
  await pool?.end();
  await fresh?.drop();
});

/** A 20 m × 10 m rectangle in Munich. */
function rectangle(): PolygonGeometry {
  const [lon, lat] = [11.5755, 48.1374];
  const m = metresPerDegree(lat);
  const e = 20 / m.lon;
  const n = 10 / m.lat;
  return { type: 'Polygon', coordinates: [[[lon, lat], [lon + e, lat], [lon + e, lat + n], [lon, lat + n], [lon, lat]]] };
}

const user = (over: Partial<Extract<Actor, { kind: 'user' }>> = {}): Actor => ({
  kind: 'user',
  identityId: '4f1c2d3e-0000-4000-8000-000000000001',
  roles: ['customer'],
  companyId: null,
  customerId: null,
  ...over,
});

async function setup() {
  const n = Math.floor(Math.random() * 1e6);
  const company = await createCompanyFromJson(system, { name: `Verb Test ${n} GmbH`, country: 'de', contactEmail: 'Info@Verb-Test.example.com' });
  const other = await createCompanyFromJson(system, { name: `Other ${n} GmbH` });
  const customer = await createCustomerFromJson(system, { name: 'Verb Test Kunde', companyId: company.id });
  const mission: CreateMissionInput = {
    name: 'Aufmaß Teststraße 1',
    companyId: company.id,
    customerId: customer.id,
    products: ['pointcloud', 'cad'],
    pclDeliveryDate: '2026-05-07',
    cadDeliveryDate: '2026-05-06',
    buildings: [{ name: 'Haus', footprint: rectangle(), levels: 3 }],
  };
  return { company, other, customer, mission };
}

describe('domain verbs', () => {
  it('create a company with normalised fields and write an audit event in the same transaction', async () => {
    const { company } = await setup();
    expect(company).toMatchObject({ country: 'DE', contactEmail: 'info@verb-test.example.com', version: 1, isProvider: false });
    const { rows } = await pool.query(`select actor_id, action, diff, request_id from audit_event where entity = 'company' and entity_id = $1`, [String(company.id)]);
    expect(rows).toEqual([expect.objectContaining({ actor_id: null, action: 'create', request_id: 'req-test', diff: expect.objectContaining({ name: company.name }) })]);
  });

  it('reject invalid input with field errors and write nothing', async () => {
    const before = (await pool.query(`select count(*) from audit_event`)).rows[0];
    await expect(createCompanyFromJson(system, { name: '  ', contactEmail: 'not-an-email' })).rejects.toMatchObject({
      code: 'validation',
      details: { fields: { name: expect.any(Array), contactEmail: expect.any(Array) } },
    });
    expect((await pool.query(`select count(*) from audit_event`)).rows[0]).toEqual(before);
  });

  it('number customers and refuse a duplicate company name', async () => {
    const { company, customer } = await setup();
    const next = await createCustomerFromJson(system, { name: 'Zweiter Kunde', companyId: company.id });
    expect(next.customerNumber).toBe(customer.customerNumber + 1);
    expect(next.uuid).toMatch(/^[0-9a-f-]{36}$/);
    await expect(createCompanyFromJson(system, { name: company.name.toUpperCase() })).rejects.toMatchObject({ code: 'conflict' });
    await expect(createCustomerFromJson(system, { name: 'Kunde', companyId: 999_999 })).rejects.toMatchObject({ code: 'validation' });
  });

  it('create a mission with measured buildings, the auto-filled delivery date and an audit event', async () => {
    const { mission: input } = await setup();
    const tag = await createTagFromJson(system, { name: `Tag ${Math.random()}`, color: '#AA00FF' });
    const mission = await createMissionFromJson(system, { ...input, tagIds: [tag.id] });
    expect(mission.buildings).toHaveLength(1);
    const [b] = mission.buildings;
    expect(b!.groundArea).toBeGreaterThan(199.5);
    expect(b!.groundArea).toBeLessThan(200.5);
    expect(b!.perimeter).toBeCloseTo(60, 0);
    expect(b!.facadeArea).toBeCloseTo(b!.perimeter * 3 * 3, 1);
    expect(mission).toMatchObject({ status: 'created', step: 'create', deliveryDate: '2026-05-12', tagIds: [tag.id], version: 1 });
    expect(mission.latitude).toBeCloseTo(48.13745, 4);
    const { rows } = await pool.query(`select action, mission_id from audit_event where entity = 'mission' and entity_id = $1`, [String(mission.id)]);
    expect(rows).toEqual([{ action: 'create', mission_id: String(mission.id) }]);
  });

  it('refuse a mission without buildings, with no product, or with a bad name for the materials partner', async () => {
    const { mission } = await setup();
    await expect(createMissionFromJson(system, { ...mission, buildings: [] })).rejects.toMatchObject({ code: 'validation' });
    await expect(createMissionFromJson(system, { ...mission, products: [] })).rejects.toMatchObject({ code: 'validation' });
    const partner = await createCompanyFromJson(system, { name: `Baustoff ${Math.random()}`, type: 'partner', isMaterialsPartner: true });
    await expect(createMissionFromJson(system, { ...mission, companyId: partner.id, customerId: undefined, name: 'Fassade Nord' })).rejects.toMatchObject({
      code: 'validation',
      details: { fields: { name: expect.any(Array) } },
    });
    await expect(createMissionFromJson(system, { ...mission, companyId: partner.id, customerId: undefined, name: 'fassade_nord' })).resolves.toMatchObject({ name: 'fassade_nord' });
  });

  it('let customers create missions only for their own company and without lifecycle fields', async () => {
    const { company, other, mission } = await setup();
    const own = { ...system, actor: user({ companyId: company.id }) };
    await expect(createMissionFromJson({ ...system, actor: user({ companyId: other.id }) }, mission)).rejects.toMatchObject({ code: 'not_authorized' });
    await expect(createMissionFromJson(own, { ...mission, status: 'delivered' })).rejects.toMatchObject({ code: 'not_authorized' });
    const created = await createMissionFromJson(own, mission);
    expect(created.createdBy).toBe('4f1c2d3e-0000-4000-8000-000000000001');
    await expect(createCompanyFromJson(own, { name: 'Nope GmbH' })).rejects.toMatchObject({ code: 'not_authorized' });
  });

  it('share a mission once, and refuse users of other companies', async () => {
    const { company, other, mission: input } = await setup();
    const mission = await createMissionFromJson(system, input);
    const outsider = await createCustomerFromJson(system, { name: 'Fremdkunde', companyId: other.id });
    await expect(shareMissionFromJson({ ...system, actor: user({ companyId: other.id, customerId: outsider.id }) }, { missionId: mission.id, customerId: outsider.id })).rejects.toMatchObject({
      code: 'not_authorized',
      message: 'not authorized to access mission id',
    });
    // A customer user sees only their own company's customers: another company's is 404 (issue 13).
    await expect(shareMissionFromJson({ ...system, actor: user({ companyId: company.id }) }, { missionId: mission.id, customerId: outsider.id })).rejects.toMatchObject({ code: 'not_found' });
    const sibling = await createCustomerFromJson(system, { name: 'Zweigstelle', companyId: company.id });
    const share = await shareMissionFromJson({ ...system, actor: user({ companyId: company.id }) }, { missionId: mission.id, customerId: sibling.id });
    expect(share).toMatchObject({ missionId: mission.id, customerId: sibling.id, sharedBy: '4f1c2d3e-0000-4000-8000-000000000001' });
    expect(await shareMissionFromJson(system, { missionId: mission.id, customerId: sibling.id })).toEqual(share);
    await shareMissionFromJson(system, { missionId: mission.id, customerId: outsider.id });
    const { rows } = await pool.query(`select count(*)::int n from audit_event where action = 'share' and mission_id = $1`, [mission.id]);
    expect(rows[0]).toEqual({ n: 2 });
    await expect(shareMissionFromJson(system, { missionId: 987_654_321, customerId: outsider.id })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('register datasets with unique ids', async () => {
    const { mission: input } = await setup();
    const mission = await createMissionFromJson(system, input);
    const datasetId = `scan-${Math.random()}`;
    const dataset = await createDatasetFromJson(system, { missionId: mission.id, datasetId, type: 'flight', status: 'processing', progress: 42.5 });
    expect(dataset).toMatchObject({ missionId: mission.id, type: 'flight', status: 'processing', progress: 42.5 });
    await expect(createDatasetFromJson(system, { missionId: mission.id, datasetId })).rejects.toMatchObject({ code: 'conflict' });
    await expect(createDatasetFromJson(system, { missionId: mission.id, datasetId: 'x', status: 'lost' as never })).rejects.toMatchObject({ code: 'validation' });
  });

  it('upsert a user profile: create, no-op on identical values, update with a new version', async () => {
    const { company, customer } = await setup();
    const identityId = '4f1c2d3e-0000-4000-8000-0000000000aa';
    const input = { identityId, email: `p${Math.floor(Math.random() * 1e6)}@example.com`, displayName: 'Paula Profil', companyId: company.id, customerId: customer.id };
    const created = await upsertUserProfile(system, input);
    expect(created.version).toBe(1);
    expect(await upsertUserProfile(system, input)).toEqual(created);
    const self = { ...system, actor: user({ identityId }) };
    const renamed = await upsertUserProfile(self, { ...input, displayName: 'Paula Neu', companyId: null, customerId: null });
    expect(renamed).toMatchObject({ displayName: 'Paula Neu', companyId: company.id, customerId: customer.id, version: 2 });
    await expect(upsertUserProfile({ ...system, actor: user() }, input)).rejects.toMatchObject({ code: 'not_authorized' });
    const { rows } = await pool.query(`select action from audit_event where entity = 'app_user' and entity_id = $1 order by id`, [identityId]);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
  });
});
