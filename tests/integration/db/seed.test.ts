import type { Pool } from 'pg';
import type { Db } from '@/lib/server/db/client';
import { DATASET_STATUSES, DATASET_TYPES } from '@/lib/shared/schemas/dataset';
import { MISSION_STATUSES, PROJECT_STEPS } from '@/lib/shared/schemas/mission';
import { DEMO_IDENTITY_CUSTOMERS, DEMO_PROFILES, seedDemoData } from '@/scripts/seed/demo-data';
import { freshDatabase, migrateDb, openDb } from '@/tests/support/fresh-database';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
let pool: Pool;

/** Fixed identity ids standing in for the identity service's. */
const identities = Object.fromEntries(
  DEMO_PROFILES.map((p, i) => [p.email, `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`]),
);

const TABLES = ['company', 'customer', 'app_user', 'tag', 'mission', 'building', 'mission_tag', 'mission_share', 'dataset', 'audit_event'];

async function counts(): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of TABLES) result[table] = Number((await pool.query<{ n: string }>(`select count(*) n from ${table}`)).rows[0]!.n);
  return result;
}

const column = async (query: string) => (await pool.query<{ v: string }>(query)).rows.map((r) => r.v);

beforeAll(async () => {
  fresh = await freshDatabase();
  ({ db, pool } = openDb(fresh.url));
  await migrateDb(db);
  expect(await seedDemoData(db, { identities })).toEqual({ created: true });
});

afterAll(async () => {
  await pool?.end();
  await fresh?.drop();
});

describe('demo data', () => {
  it('has at least 6 companies, among them the provider and the building-materials partner', async () => {
    const c = await counts();
    expect(c.company).toBeGreaterThanOrEqual(6);
    expect(await column(`select count(*)::text v from company where is_provider`)).toEqual(['1']);
    expect(await column(`select count(*)::text v from company where is_materials_partner`)).toEqual(['1']);
  });

  it('has at least 10 customers, including numbers 6, 14, 20, 30, 36, 37 and some outside that list', async () => {
    const numbers = (await column(`select customer_number::text v from customer`)).map(Number);
    expect(numbers.length).toBeGreaterThanOrEqual(10);
    expect(numbers).toEqual(expect.arrayContaining([6, 14, 20, 30, 36, 37, 7]));
    expect(numbers.filter((n) => ![6, 14, 20, 30, 36, 37].includes(n)).length).toBeGreaterThanOrEqual(3);
    expect(Number((await column(`select count(*)::text v from customer where parent_id is not null`))[0])).toBeGreaterThan(0);
  });

  it('has at least 60 missions over every status and every project step', async () => {
    expect((await counts()).mission).toBeGreaterThanOrEqual(60);
    expect((await column(`select distinct status::text v from mission`)).sort()).toEqual([...MISSION_STATUSES].sort());
    expect((await column(`select distinct step::text v from mission`)).sort()).toEqual([...PROJECT_STEPS].sort());
  });

  it('gives every mission buildings with measured footprints in several German cities', async () => {
    expect(await column(`select count(*)::text v from mission m where not exists (select 1 from building b where b.mission_id = m.id)`)).toEqual(['0']);
    const { rows } = await pool.query<{ ground_area: number; perimeter: number; facade_area: number; levels: number; storey_height: number; type: string }>(
      `select ground_area, perimeter, facade_area, levels, storey_height, type from building`,
    );
    for (const b of rows) {
      expect(b.ground_area).toBeGreaterThan(50);
      expect(b.ground_area).toBeLessThan(5000);
      expect(b.facade_area).toBeCloseTo(b.type === 'area' ? 0 : b.perimeter * b.levels * b.storey_height, 0);
    }
    const cities = await column(`select distinct split_part(address, ', ', 2) v from mission`);
    expect(new Set(cities.map((c) => c.replace(/^\d{5} /, ''))).size).toBeGreaterThanOrEqual(6);
    // Every mission lies in Germany.
    expect(await column(`select count(*)::text v from mission where latitude not between 47.2 and 55.1 or longitude not between 5.8 and 15.1`)).toEqual(['0']);
  });

  it('has tags, shares and datasets in every dataset status and type', async () => {
    const c = await counts();
    expect(c.tag).toBeGreaterThanOrEqual(5);
    expect(c.mission_tag).toBeGreaterThan(0);
    expect(c.mission_share).toBeGreaterThan(0);
    expect((await column(`select distinct status::text v from dataset`)).sort()).toEqual([...DATASET_STATUSES].sort());
    expect((await column(`select distinct type::text v from dataset`)).sort()).toEqual([...DATASET_TYPES].sort());
  });

  it('links the demo accounts to profiles, companies and customers, and assigns missions', async () => {
    const { rows } = await pool.query<{ email: string; customer_number: number | null; uuid: string | null; company: string | null }>(
      `select u.email, c.customer_number, c.uuid::text uuid, co.name company
         from app_user u left join customer c on c.id = u.customer_id left join company co on co.id = u.company_id`,
    );
    expect(rows).toHaveLength(8);
    const by = Object.fromEntries(rows.map((r) => [r.email, r]));
    expect(by['customer@example.com']).toMatchObject({ customer_number: 6, uuid: DEMO_IDENTITY_CUSTOMERS['customer@example.com']!.customerUuid });
    expect(by['customer2@example.com']).toMatchObject({ customer_number: 7, uuid: DEMO_IDENTITY_CUSTOMERS['customer2@example.com']!.customerUuid });
    expect(by['customer@example.com']!.company).not.toBe(by['customer2@example.com']!.company);
    expect(by['admin@example.com']!.company).toBe('Argus Scan Services GmbH');

    // customer@'s company owns missions; both operator@ and manager@ have some assigned.
    const owned = await pool.query(`select 1 from mission m join app_user u on u.company_id = m.company_id where u.email = 'customer@example.com'`);
    expect(owned.rowCount).toBeGreaterThanOrEqual(5);
    for (const email of ['operator@example.com', 'manager@example.com']) {
      const assigned = await pool.query(`select 1 from mission where assignee_id = $1`, [identities[email]]);
      expect(assigned.rowCount).toBeGreaterThan(0);
    }
  });

  it('changes nothing when seeded again', async () => {
    const before = await counts();
    const versions = await column(`select string_agg(id || ':' || version, ',' order by id) v from mission`);
    expect(await seedDemoData(db, { identities })).toEqual({ created: false });
    expect(await counts()).toEqual(before);
    expect(await column(`select string_agg(id || ':' || version, ',' order by id) v from mission`)).toEqual(versions);
  });
});
