import { expect, test, type Page } from '@playwright/test';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';
import { withDb } from './support/db';

// Issue 19 "Projects and exports" on the mission detail's StoSim section, against the demo seed:
// the customer reads the published result of the demo project (totals, files, the read-only
// link); the provider's staff export, publish, rename and delete (confirmed). The tests put the
// demo back as they found it (export #1 published, the project's name).
test.use({ locale: 'en-US', timezoneId: 'Europe/Berlin' });
test.describe.configure({ mode: 'serial' });

async function demo(): Promise<{ missionId: number; projectId: string; exportId: string }> {
  const { rows } = await withDb((db) =>
    db.query<{ mission_id: string; id: string; published_export_id: string }>(
      `select p.mission_id, p.id, p.published_export_id from panelizer_project p join mission m on m.id = p.mission_id where m.internal_reference = 'ARG-2026-DEMO' and p.name = 'Fassade Bürohaus'`,
    ),
  );
  expect(rows[0], 'the seeded demo panelizer project').toBeDefined();
  return { missionId: Number(rows[0]!.mission_id), projectId: rows[0]!.id, exportId: rows[0]!.published_export_id };
}

const section = (page: Page) => page.getByTestId('stosim');

test('customer@ reads the demo building’s published facade schedule: totals, files, read-only link', async ({ page }) => {
  const { missionId, exportId } = await demo();
  await signInOverHttp(page, 'customer@example.com');
  await page.goto(`/mission/${missionId}#stosim`);
  // The demo mission ordered StoSim: its published result is what was ordered.
  await expect(page.locator('dt', { hasText: 'StoSim ordered' }).locator('xpath=following-sibling::dd[1]')).toHaveText('Yes');
  const result = section(page).getByTestId(`stosim-published-${exportId}`);
  await expect(result.getByRole('heading', { name: 'Fassade Bürohaus, export #1' })).toBeVisible();
  await expect(result.getByTestId('stosim-gross')).toHaveText('864.00 m²');
  await expect(result.getByTestId('stosim-openings')).toHaveText('164.50 m²');
  await expect(result.getByTestId('stosim-net')).toHaveText('699.50 m²');
  await expect(result.getByTestId('stosim-count')).toHaveText('97');
  await expect(result.getByRole('link', { name: 'Open read-only' })).toHaveAttribute('href', `/mission/${missionId}/panelizer?export=${exportId}`);
  const csv = await page.request.get((await result.getByRole('link', { name: 'CSV' }).getAttribute('href'))!);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain('Total building,,,,,864,164.5,97,96,1,699.5,505.2');
  // Readers see no projects and no controls.
  await expect(section(page).getByRole('button')).toHaveCount(0);
  await expect(section(page).getByRole('table')).toHaveCount(0);
});

test('manager@ exports the demo project, publishes export #2, renames it, and puts export #1 back', async ({ page }) => {
  const { missionId, projectId, exportId } = await demo();
  await signInOverHttp(page, 'manager@example.com');
  await page.goto(`/mission/${missionId}#stosim`);
  const row = section(page).getByTestId(`stosim-project-${projectId}`);
  await expect(row.getByRole('link', { name: 'Fassade Bürohaus' })).toHaveAttribute('href', `/mission/${missionId}/panelizer?project=${projectId}`);
  await expect(row).toContainText('Export #1 published');

  await row.getByRole('button', { name: 'Export', exact: true }).click();
  const exports = section(page).getByTestId(`stosim-exports-${projectId}`);
  await expect(exports.locator('li')).toHaveCount(2);
  await expect(exports.locator('li').first()).toContainText('#2 of');
  await exports.locator('li').first().getByRole('button', { name: 'Publish' }).click();
  await expect(row).toContainText('Export #2 published');
  await expect(section(page).getByRole('heading', { name: 'Fassade Bürohaus, export #2' })).toBeVisible();

  await row.getByRole('button', { name: 'Rename' }).click();
  await row.getByRole('textbox', { name: 'Name' }).fill('Fassade Bürohaus (neu)');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByRole('link', { name: 'Fassade Bürohaus (neu)' })).toBeVisible();
  await row.getByRole('button', { name: 'Rename' }).click();
  await row.getByRole('textbox', { name: 'Name' }).fill('Fassade Bürohaus');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByRole('link', { name: 'Fassade Bürohaus', exact: true })).toBeVisible();

  await exports.locator('li').last().getByRole('button', { name: 'Publish' }).click();
  await expect(row).toContainText('Export #1 published');
  await expect(section(page).getByTestId(`stosim-published-${exportId}`)).toBeVisible();
  // Export #2 stays, unpublished, as exports are immutable; remove it so the demo is as seeded.
  await withDb((db) => db.query(`delete from panelizer_export where project_id = $1 and number > 1`, [projectId]));
});

test('operator@ deletes a project after confirming; the published demo result stays', async ({ page }) => {
  const { missionId } = await demo();
  const { rows } = await withDb((db) =>
    db.query<{ id: string }>(
      `insert into panelizer_project (mission_id, name, document) values ($1, 'Entwurf zum Löschen', '{"schema":1,"origin":[0,0,0],"floorLines":[],"floors":[],"plans":[],"openings":[]}') returning id`,
      [missionId],
    ),
  );
  await signInOverHttp(page, 'operator@example.com');
  await page.goto(`/mission/${missionId}#stosim`);
  const row = section(page).getByTestId(`stosim-project-${rows[0]!.id}`);
  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete panelizer project' });
  await expect(dialog).toContainText('Delete the project “Entwurf zum Löschen” and all its exports?');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(row).toHaveCount(0);
  await expect(section(page).getByRole('heading', { name: 'Fassade Bürohaus, export #1' })).toBeVisible();
});
