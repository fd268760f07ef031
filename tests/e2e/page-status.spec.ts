import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';
import { missionHiddenFromCustomer as foreignMission } from './support/missions';
import { withDb } from './support/db';

// Pages answer with the right HTTP status (issue 13 point 3): an unknown mission id is 404, a
// mission the user may not see is 403 with spec §8's 'not authorized to access mission id' in the
// user's language — on the detail page, the print view and the planner's `?mission=`.

async function signedIn(browser: Browser, email: string, locale: string): Promise<Page> {
  const context = await browser.newContext({ locale, timezoneId: 'Europe/Berlin' });
  const page = await context.newPage();
  await signInOverHttp(page, email);
  return page;
}

test("another company's mission is 403 with 'not authorized to access mission id', in English and German", async ({ browser }) => {
  const id = await foreignMission();
  const en = await signedIn(browser, 'customer@example.com', 'en-US');
  for (const path of [`/mission/${id}`, `/mission/${id}/print`, `/planner?mission=${id}`]) {
    const res = await en.goto(path);
    expect(res?.status(), path).toBe(403);
    await expect(en.getByRole('heading', { level: 1 }), path).toHaveText(`Not authorized to access mission id ${id}`);
  }
  await en.context().close();

  const de = await signedIn(browser, 'customer@example.com', 'de-DE');
  const res = await de.goto(`/planner?mission=${id}`);
  expect(res?.status()).toBe(403);
  await expect(de.getByRole('heading', { level: 1 })).toHaveText(`Keine Berechtigung für den Zugriff auf die Mission mit der ID ${id}`);
  await de.context().close();
});

test('an unknown mission id is 404 with the not-found page', async ({ browser }) => {
  const page = await signedIn(browser, 'customer@example.com', 'en-US');
  const unknown = 987_654_321;
  for (const path of [`/mission/${unknown}`, `/mission/${unknown}/print`, `/planner?mission=${unknown}`]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText('Page not found');
  }
  // The user's own company's mission still opens (200).
  const { rows } = await withDb((db) => db.query<{ id: string }>(`select id from mission where company_id = (select id from company where name = 'Hausverwaltung Nord GmbH') order by id limit 1`));
  const own = await page.goto(`/mission/${rows[0]!.id}`);
  expect(own?.status()).toBe(200);
  await page.context().close();
});
