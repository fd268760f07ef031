import { expect } from '@playwright/test';
import { withDb } from './db';

/** A seeded mission of Rheinland Immobilien that customer@ (customer 6) may not see: its pages answer 403. */
export async function missionHiddenFromCustomer(): Promise<number> {
  const { rows } = await withDb((db) =>
    db.query<{ id: string }>(
      `select m.id from mission m
        where m.company_id = (select id from company where name = 'Rheinland Immobilien KG')
          and not exists (select 1 from mission_share s where s.mission_id = m.id and s.customer_id = (select id from customer where customer_number = 6))
        order by m.id limit 1`,
    ),
  );
  expect(rows[0], 'a seeded Rheinland mission not shared with customer 6').toBeDefined();
  return Number(rows[0]!.id);
}
