import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { MAX_PER_CONNECTION, prepareStatements, statementName } from '@/lib/server/db/statement-cache';
import { freshDatabase } from '@/tests/support/fresh-database';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let pool: Pool;

beforeAll(async () => {
  fresh = await freshDatabase();
  // One connection, so every query below runs on the connection whose statements are counted.
  pool = prepareStatements(new Pool({ connectionString: fresh.url, max: 1 }));
});

afterAll(async () => {
  await pool?.end();
  await fresh?.drop();
});

const preparedNames = async () => (await pool.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((r) => r.name);

describe('prepared statements of the app pool, on PostgreSQL', () => {
  it('prepares a parameterized query once per connection and answers each run with its own parameters', async () => {
    const db = drizzle(pool);
    const query = (n: number) => db.execute(sql`select ${n}::int * 2 as doubled`);
    expect((await query(1)).rows).toEqual([{ doubled: 2 }]);
    expect((await query(21)).rows).toEqual([{ doubled: 42 }]);
    const text = 'select $1::int * 2 as doubled';
    expect(await preparedNames()).toEqual([statementName(text)]);
    const { rows } = await pool.query<{ statement: string }>('select statement from pg_prepared_statements');
    expect(rows[0]!.statement).toBe(text);
  });

  it('runs statements without parameters unnamed', async () => {
    const before = await preparedNames();
    await pool.query('select 1');
    await pool.query({ text: 'select 2' });
    expect(await preparedNames()).toEqual(before);
  });

  it('keeps at most MAX_PER_CONNECTION statements on a connection; the others still answer', async () => {
    for (let i = 0; i < MAX_PER_CONNECTION + 5; i++) {
      // A query config and its values, the way drizzle sends them.
      const { rows } = await pool.query<{ v: number }>({ text: `select $1::int + ${i} as v` }, [1]);
      expect(rows[0]!.v).toBe(1 + i);
    }
    expect((await preparedNames()).length).toBe(MAX_PER_CONNECTION);
  });
});
