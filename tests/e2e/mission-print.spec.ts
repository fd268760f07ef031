import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';
import { withDb } from './support/db';

// spec §2 mission print view and its server-made PDF; the backup and restore actions of the detail
// page (docs/adr/0006-mission-backup.md). Print tests read the seed; the backup test makes its own
// mission, so restoring it cannot disturb specs running alongside.
test.use({ locale: 'en-US', timezoneId: 'Europe/Berlin' });

async function signedIn(browser: Browser, email: string, locale = 'en-US'): Promise<Page> {
  const context = await browser.newContext({ locale, timezoneId: 'Europe/Berlin' });
  const page = await context.newPage();
  await signInOverHttp(page, email);
  return page;
}

/** The seeded mission with the most buildings (lowest id among equals), with its facts. */
async function seededMission(where = 'true') {
  return withDb(async (db) => {
    const { rows } = await db.query<{ id: string; name: string; internal_reference: string; buildings: string }>(
      `select m.id, m.name, m.internal_reference, (select count(*) from building b where b.mission_id = m.id) as buildings
       from mission m where ${where} order by buildings desc, m.id limit 1`,
    );
    const row = rows[0]!;
    const buildings = (await db.query<{ name: string }>('select name from building where mission_id = $1 order by id', [row.id])).rows.map((r) => r.name);
    return { id: Number(row.id), name: row.name, internalReference: row.internal_reference, buildings };
  });
}

async function pdfText(bytes: Buffer): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

test('the print view of a seeded mission shows its key data, footprints to scale and history, without the menu', async ({ browser }) => {
  const mission = await seededMission();
  const page = await signedIn(browser, 'admin@example.com');
  await page.goto(`/mission/${mission.id}/print`);
  await expect(page).toHaveTitle(`Argus | Print view of mission ${mission.id}`);
  await expect(page.getByRole('heading', { level: 1, name: mission.name })).toBeVisible();
  await expect(page.locator('dd[data-field="id"]')).toHaveText(String(mission.id));
  await expect(page.locator('dd[data-field="internalReference"]')).toHaveText(mission.internalReference);
  // The paper chrome: no application menu around the sheet.
  await expect(page.getByRole('navigation')).toHaveCount(0);
  const figures = page.getByTestId('print-building');
  await expect(figures).toHaveCount(mission.buildings.length);
  for (const [i, name] of mission.buildings.entries()) {
    await expect(figures.nth(i)).toContainText(name);
    await expect(figures.nth(i).getByRole('img', { name: new RegExp(`Footprint of ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })).toBeVisible();
    await expect(figures.nth(i).getByTestId('scale-bar')).toContainText(/\d+ m/);
  }
  await expect(page.getByTestId('status-history')).toContainText('Created');
  await page.screenshot({ path: test.info().outputPath('print-view.png'), fullPage: true });
  // The sheet is A4: its page rule is in the stylesheet the page loaded.
  const pageRule = await page.evaluate(() =>
    [...document.styleSheets].flatMap((s) => [...s.cssRules]).some((r) => r instanceof CSSPageRule && /A4/i.test(r.style.getPropertyValue('size'))),
  );
  expect(pageRule).toBe(true);
});

test('the PDF of the print view downloads, and its text names the mission and its id (in the user’s language)', async ({ browser }) => {
  const mission = await seededMission();
  const page = await signedIn(browser, 'admin@example.com');
  await page.goto(`/mission/${mission.id}/print`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`mission-${mission.id}.pdf`);
  const bytes = readFileSync((await download.path())!);
  writeFileSync(test.info().outputPath('mission.pdf'), bytes);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const text = await pdfText(bytes);
  expect(text).toContain(mission.name);
  expect(text).toContain(String(mission.id));
  expect(text).toContain('Key data');
  // A German browser (its Accept-Language, which API requests do not add by themselves): a German PDF.
  const german = await signedIn(browser, 'admin@example.com', 'de-DE');
  const res = await german.request.get(`/api/v2/missions/${mission.id}/pdf`, { headers: { 'accept-language': 'de-DE,de;q=0.9' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  const germanText = await pdfText(await res.body());
  expect(germanText).toContain('Eckdaten');
  expect(germanText).toContain(mission.name);
});

test('print view and PDF have the detail page’s access rules', async ({ browser }) => {
  const foreign = await seededMission(
    `m.company_id <> (select id from company where name = 'Hausverwaltung Nord GmbH')
     and not exists (select 1 from mission_share s where s.mission_id = m.id and s.customer_id = (select id from customer where customer_number = 6))`,
  );
  const page = await signedIn(browser, 'customer@example.com');
  await page.goto(`/mission/${foreign.id}/print`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Not authorized to access mission id ${foreign.id}`);
  await expect(page.getByText(foreign.name)).toHaveCount(0);
  const pdf = await page.request.get(`/api/v2/missions/${foreign.id}/pdf`);
  expect(pdf.status()).toBe(403);
  expect(((await pdf.json()) as { error: { message: string } }).error.message).toBe('not authorized to access mission id');
  for (const path of ['/mission/abc/print', '/mission/999999999/print']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  }
  expect((await page.request.get('/api/v2/missions/abc/pdf')).status()).toBe(404);
  expect((await page.request.get('/api/v2/missions/999999999/pdf')).status()).toBe(404);
});

test('backup from the detail page, then restore it: the mission is back as it was', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signedIn(browser, 'admin@example.com');
  const companyId = await withDb(async (db) => Number((await db.query(`select id from company where name = 'Hausverwaltung Nord GmbH'`)).rows[0].id));
  const footprint = { type: 'Polygon', coordinates: [[[9.99, 53.55], [9.9902, 53.55], [9.9902, 53.5501], [9.99, 53.5501], [9.99, 53.55]]] };
  const name = `Sicherung ${test.info().workerIndex}-${Date.now()}`;
  const created = await page.request.post('/api/v2/missions', {
    data: { name, companyId, products: ['pointcloud'], description: 'Vor der Sicherung', buildings: [{ name: 'Haupthaus', footprint, levels: 2 }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: number }).id;

  await page.goto(`/mission/${id}`);
  // The detail page's actions bar loads the backup controls after the page is interactive.
  const panel = page.getByTestId('mission-backup');
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Backup', exact: true }).click();
  // Progress shows while the job runs, then the archive's download link.
  const link = panel.getByRole('link', { name: /^Download backup of / });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^mission-${id}-backup-.*\\.tar\\.gz$`));
  const archive = readFileSync((await download.path())!);
  expect(archive.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip

  // Change the mission, then restore the backup over it.
  const current = (await (await page.request.get(`/api/v2/missions/${id}`)).json()) as { version: number };
  const patched = await page.request.patch(`/api/v2/missions/${id}`, { data: { version: current.version, name: `${name} geändert`, description: 'Danach' } });
  expect(patched.status(), await patched.text()).toBe(200);

  await page.goto(`/mission/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`${name} geändert`);
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Restore', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Restore mission ${id} from a backup?` });
  await dialog.locator('input[type=file]').setInputFiles({ name: `mission-${id}.tar.gz`, mimeType: 'application/gzip', buffer: archive });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText(/Mission restored from the backup of /)).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();
  const back = (await (await page.request.get(`/api/v2/missions/${id}`)).json()) as { name: string; description: string };
  expect(back).toMatchObject({ name, description: 'Vor der Sicherung' });
  await page.goto(`/mission/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);

  // A damaged archive is refused with the spec's text and changes nothing.
  const damaged = Buffer.from(archive);
  damaged[damaged.length - 20] = damaged[damaged.length - 20]! ^ 0xff;
  const latest = (await (await page.request.get(`/api/v2/missions/${id}`)).json()) as { version: number };
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Restore', exact: true }).click();
  await dialog.locator('input[type=file]').setInputFiles({ name: `mission-${id}.tar.gz`, mimeType: 'application/gzip', buffer: damaged });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/^Failed to restore Mission! /);
  expect(((await (await page.request.get(`/api/v2/missions/${id}`)).json()) as { version: number }).version).toBe(latest.version);
});
