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

/**
 * The demo mission's first generated tour, once the worker has built it from the demo panoramas
 * (a few minutes after a fresh stack's start on a busy machine; before that it has no manifest).
 */
export async function demoTour(): Promise<{ missionId: number; tourId: number; name: string }> {
  let found: { mission_id: string; id: string; name: string } | undefined;
  await expect
    .poll(
      async () => {
        const { rows } = await withDb((db) =>
          db.query<{ mission_id: string; id: string; name: string }>(
            `select t.mission_id, t.id, t.name from tour t join mission m on m.id = t.mission_id where m.internal_reference = 'ARG-2026-DEMO' and t.manifest is not null order by t.id limit 1`,
          ),
        );
        found = rows[0];
        return rows.length;
      },
      { timeout: 480_000, intervals: [3_000] },
    )
    .toBeGreaterThan(0);
  return { missionId: Number(found!.mission_id), tourId: Number(found!.id), name: found!.name };
}
