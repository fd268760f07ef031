import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { Pool } from 'pg';
import { builtOnce, builtOncePer } from '@/lib/server/db/built-once';
import { prepareStatements, statementName } from '@/lib/server/db/statement-cache';
import { freshDatabase } from '@/tests/support/fresh-database';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let pool: Pool;
const thing = pgTable('built_once_thing', { id: integer().primaryKey(), name: text().notNull() });

beforeAll(async () => {
  fresh = await freshDatabase();
  pool = prepareStatements(new Pool({ connectionString: fresh.url, max: 1 }));
  await pool.query('create table built_once_thing (id int primary key, name text not null)');
  await pool.query(`insert into built_once_thing values (1, 'one'), (2, 'two')`);
});

afterAll(async () => {
  await pool?.end();
  await fresh?.drop();
});

describe('queries built once per database handle (lib/server/db/built-once.ts)', () => {
  type Db = ReturnType<typeof drizzle>;
  let builds = 0;
  const byId = builtOnce((db: Db) => {
    builds++;
    return db.select().from(thing).where(sql`${thing.id} = ${sql.placeholder('id')}`);
  });

  it('answers each call with its own values, builds once per handle, and goes through the statement cache', async () => {
    const db = drizzle(pool);
    expect(await byId(db).execute({ id: 1 })).toEqual([{ id: 1, name: 'one' }]);
    expect(await byId(db).execute({ id: 2 })).toEqual([{ id: 2, name: 'two' }]);
    expect(builds).toBe(1);
    const { rows } = await pool.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements');
    expect(rows.map((r) => r.name)).toContain(statementName(rows.find((r) => r.statement.includes('built_once_thing'))!.statement));
  });

  it('runs inside a transaction on the transaction, seeing what it wrote', async () => {
    const db = drizzle(pool);
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into built_once_thing values (3, 'three')`);
        expect(await byId(tx as unknown as Db).execute({ id: 3 })).toEqual([{ id: 3, name: 'three' }]);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await byId(db).execute({ id: 3 })).toEqual([]);
  });

  it('builds a family of queries once per value and handle (builtOncePer)', async () => {
    const db = drizzle(pool);
    const built: string[] = [];
    const ordered = builtOncePer((handle: Db, order: 'asc' | 'desc') => {
      built.push(order);
      return handle.select({ id: thing.id }).from(thing).where(sql`${thing.id} <= ${sql.placeholder('max')}`).orderBy(sql`${thing.id} ${sql.raw(order)}`);
    });
    expect(await ordered(db, 'asc').execute({ max: 2 })).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await ordered(db, 'desc').execute({ max: 2 })).toEqual([{ id: 2 }, { id: 1 }]);
    expect(await ordered(db, 'asc').execute({ max: 1 })).toEqual([{ id: 1 }]);
    expect(built).toEqual(['asc', 'desc']);
  });
});
