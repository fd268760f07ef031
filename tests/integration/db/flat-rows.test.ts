import { getTableColumns, sql, TransactionRollbackError } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { bigint, date, doublePrecision, integer, jsonb, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { Pool } from 'pg';
import { flatRows } from '@/lib/server/db/flat-rows';
import { freshDatabase } from '@/tests/support/fresh-database';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let pool: Pool;
const colour = pgEnum('flat_rows_colour', ['red', 'green']);
const item = pgTable('flat_rows_item', {
  id: bigint({ mode: 'number' }).primaryKey(),
  name: text().notNull(),
  at: timestamp({ withTimezone: true }).notNull(),
  due: date(),
  ratio: doublePrecision(),
  colours: colour().array().notNull(),
  shape: jsonb().$type<{ kind: string }>(),
  count: integer(),
});

beforeAll(async () => {
  fresh = await freshDatabase();
  pool = new Pool({ connectionString: fresh.url, max: 2 });
  await pool.query(`create type flat_rows_colour as enum ('red', 'green');
    create table flat_rows_item (id bigint primary key, name text not null, at timestamptz not null, due date, ratio double precision,
      colours flat_rows_colour[] not null, shape jsonb, count int);
    insert into flat_rows_item values (1, 'one', '2026-10-22 23:40:09.733+02', '2027-02-14', 0.5, '{red,green}', '{"kind": "box"}', 3),
      (2, 'two', '2026-01-01 00:00:00+00', null, null, '{}', null, null)`);
});

afterAll(async () => {
  await pool?.end();
  await fresh?.drop();
});

/** The select of `selection` as SQL, the way the list writes its statement (list-missions.ts). */
const selectOf = (selection: Record<string, unknown>) => sql`select ${sql.join(Object.values(selection).map((f) => sql`${f}`), sql`, `)} from ${item} order by ${item.id}`;

describe('flat rows (lib/server/db/flat-rows.ts)', () => {
  it('decodes every kind of column and expression exactly as drizzle does', async () => {
    const db = drizzle(pool);
    const selection = { ...getTableColumns(item), children: sql<number[]>`array[${item.id}::int, 7]`, doubled: sql<number>`${item.count} * 2`.mapWith(Number), none: sql<null>`null` };
    const byDrizzle = await db.select(selection).from(item).orderBy(item.id);
    expect(await flatRows(db, selection, selectOf(selection))).toStrictEqual(byDrizzle);
    expect(byDrizzle[0]!.at).toEqual(new Date('2026-10-22T21:40:09.733Z'));
  });

  it('runs on the connection of a transaction (it sees the rows the transaction wrote)', async () => {
    const db = drizzle(pool);
    const selection = { id: item.id, at: item.at };
    await db
      .transaction(async (tx) => {
        await tx.insert(item).values({ id: 3, name: 'three', at: new Date('2026-11-27T03:00:00Z'), colours: [] });
        const rows = await flatRows<{ id: number; at: Date }>(tx, selection, selectOf(selection));
        expect(rows).toStrictEqual(await tx.select(selection).from(item).orderBy(item.id));
        expect(rows.map((r) => r.id)).toEqual([1, 2, 3]);
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof TransactionRollbackError)) throw err;
      });
    expect((await pool.query('select count(*)::int as n from flat_rows_item')).rows[0].n).toBe(2);
  });
});
