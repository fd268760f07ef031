import { freshDatabase, migrateDb, openDb } from '@/tests/support/fresh-database';
import type { Pool } from 'pg';
import type { Db } from '@/lib/server/db/client';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
let pool: Pool;

beforeAll(async () => {
  fresh = await freshDatabase();
  ({ db, pool } = openDb(fresh.url));
});

afterAll(async () => {
  await pool?.end();
  await fresh?.drop();
});

/** The SQLSTATE of a failing statement. */
async function errorCode(text: string, values: unknown[] = []): Promise<string | undefined> {
  try {
    await pool.query(text, values);
    return undefined;
  } catch (err) {
    return (err as { code?: string }).code;
  }
}

async function insertCompany(name: string): Promise<number> {
  const { rows } = await pool.query<{ id: string }>(`insert into company (name) values ($1) returning id`, [name]);
  return Number(rows[0]!.id);
}

const square = { type: 'Polygon', coordinates: [[[11.5, 48.1], [11.5001, 48.1], [11.5001, 48.1001], [11.5, 48.1]]] };

describe('migrations', () => {
  it('apply to an empty database, and again without error or change', async () => {
    await migrateDb(db);
    const tables = async () => (await pool.query<{ n: string }>(`select count(*) n from information_schema.tables where table_schema = 'public'`)).rows[0]!.n;
    const before = await tables();
    await migrateDb(db);
    expect(await tables()).toBe(before);
    const { rows } = await pool.query<{ table_name: string }>(`select table_name from information_schema.tables where table_schema = 'public'`);
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        'company', 'customer', 'app_user', 'mission', 'mission_tag', 'mission_share', 'tag', 'table_preset', 'building',
        'dataset', 'tour', 'tour_image', 'panelizer_project', 'audit_event', 'notification', 'maintenance_notice',
      ]),
    );
    const { rows: ext } = await pool.query(`select 1 from pg_extension where extname = 'pg_trgm'`);
    expect(ext).toHaveLength(1);
  });

  it('enforce the enums of spec §4', async () => {
    const enums = async (name: string) =>
      (await pool.query<{ v: string }>(`select unnest(enum_range(null::${name}))::text v`)).rows.map((r) => r.v);
    expect(await enums('mission_status')).toEqual(['created', 'in_progress', 'uploaded', 'delivered']);
    expect(await enums('project_step')).toHaveLength(17);
    expect(await enums('dataset_status')).toHaveLength(11);
    expect(await enums('dataset_type')).toEqual(['flight', 'indoor', 'internal', 'mixed', 'outdoor', 'unknown']);
    expect(await enums('tour_status')).toEqual(['published', 'not_published', 'error']);

    const companyId = await insertCompany('Enum Test GmbH');
    const insertMission = (column: string, value: string) =>
      errorCode(`insert into mission (name, company_id, products, ${column}) values ('Enum test', $1, '{pointcloud}', $2)`, [companyId, value]);
    expect(await insertMission('status', 'archived')).toBe('22P02');
    expect(await insertMission('step', 'done')).toBe('22P02');
    expect(await insertMission('status', 'delivered')).toBeUndefined();
    const { rows } = await pool.query<{ id: string }>(`select id from mission limit 1`);
    const missionId = rows[0]!.id;
    expect(await errorCode(`insert into dataset (dataset_id, mission_id, status) values ('d1', $1, 'lost')`, [missionId])).toBe('22P02');
    expect(await errorCode(`insert into dataset (dataset_id, mission_id, type) values ('d2', $1, 'underwater')`, [missionId])).toBe('22P02');
    expect(await errorCode(`insert into tour (mission_id, name, status) values ($1, 't', 'not published')`, [missionId])).toBe('22P02');
    expect(await errorCode(`insert into tour (mission_id, name, status) values ($1, 't', 'not_published')`, [missionId])).toBeUndefined();
  });

  it('enforce the rules of spec §5 as check constraints', async () => {
    const companyId = await insertCompany('Check Test GmbH');
    const insert = (columns: string, placeholders: string, values: unknown[]) =>
      errorCode(`insert into mission (company_id, products, ${columns}) values ($1, '{pointcloud}', ${placeholders})`, [companyId, ...values]);

    expect(await insert('name', '$2', ['Abcd'])).toBe('23514'); // name at least 5 characters
    expect(await errorCode(`insert into mission (name, company_id, products) values ('No products', $1, '{}')`, [companyId])).toBe('23514');
    expect(await insert('name, pcl_delivery_date, external_delivery_date', '$2, $3, $4', ['Dates wrong', '2026-05-10', '2026-05-10'])).toBe('23514');
    expect(await insert('name, start_from_office, scan_appointment', '$2, $3, $4', ['Scan early', '2026-05-10T09:00Z', '2026-05-10T08:00Z'])).toBe('23514');
    expect(await insert('name, blurring_instructions', '$2, $3', ['Blurring empty', '   '])).toBe('23514');
    expect(await insert('name, description', '$2, $3', ['Too long', 'ä'.repeat(2501)])).toBe('23514');

    const { rows } = await pool.query<{ id: string }>(`insert into mission (name, company_id, products) values ('Valid mission', $1, '{pointcloud}') returning id`, [companyId]);
    const missionId = rows[0]!.id;
    const building = (levels: number, footprint: unknown) =>
      errorCode(`insert into building (mission_id, name, footprint, ground_area, facade_area, perimeter, levels) values ($1, 'B', $2, 1, 1, 1, $3)`, [missionId, JSON.stringify(footprint), levels]);
    expect(await building(0, square)).toBe('23514'); // levels >= 1
    expect(await building(1, { type: 'Point', coordinates: [11.5, 48.1] })).toBe('23514');
    expect(await building(1, square)).toBeUndefined();
  });

  it('allow one provider company and unique customer numbers', async () => {
    await pool.query(`insert into company (name, type, is_provider) values ('Provider A', 'internal', true)`);
    expect(await errorCode(`insert into company (name, type, is_provider) values ('Provider B', 'internal', true)`)).toBe('23505');
    expect(await errorCode(`insert into company (name, type, is_provider) values ('Provider C', 'customer', true)`)).toBe('23514');
    expect(await errorCode(`insert into company (name) values ('provider a')`)).toBe('23505'); // names unique, case-insensitive
    const companyId = await insertCompany('Numbers GmbH');
    await pool.query(`insert into customer (customer_number, name, company_id) values (6, 'Six', $1)`, [companyId]);
    expect(await errorCode(`insert into customer (customer_number, name, company_id) values (6, 'Six again', $1)`, [companyId])).toBe('23505');
  });

  it('keep a version on every mutable row', async () => {
    const { rows } = await pool.query<{ table_name: string }>(
      `select t.table_name from information_schema.tables t
        where t.table_schema = 'public' and t.table_name in ('company','customer','app_user','mission','tag','table_preset','building','dataset','tour','tour_image','panelizer_project')
          and exists (select 1 from information_schema.columns c where c.table_name = t.table_name and c.column_name = 'version')`,
    );
    expect(rows).toHaveLength(11);
  });

  it('serve the free-text search from the trigram index', async () => {
    const companyId = await insertCompany('Search GmbH');
    await pool.query(`insert into mission (name, company_id, products, internal_reference, address) values ('Laserscan Torstraße 12', $1, '{pointcloud}', 'ARG-7788', 'Torstraße 12, 10119 Berlin')`, [companyId]);
    const { rows } = await pool.query<{ name: string }>(`select name from mission where search_text like '%' || lower($1) || '%'`, ['arg-77']);
    expect(rows.map((r) => r.name)).toEqual(['Laserscan Torstraße 12']);
    await pool.query('set enable_seqscan = off');
    const plan = (await pool.query<{ 'QUERY PLAN': string }>(`explain select id from mission where search_text like '%torstr%'`)).rows.map((r) => r['QUERY PLAN']).join('\n');
    await pool.query('reset enable_seqscan');
    expect(plan).toContain('mission_search_trgm_idx');
  });
});
