import { expect, test, type Browser, type Page } from '@playwright/test';
import { formatDate } from '@/lib/shared/format/date';
import { readNotice } from '../support/e2e/personal-notice';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';
import { withDb } from './support/db';

// spec §2 mission detail, §5 mission rules, §6 visibility and §8 mission messages, against the demo
// seed. Every test takes its own mission (tests run in parallel on one database) and puts back
// the states it changes, so other specs see the seed as it was.
test.use({ locale: 'en-US', timezoneId: 'Europe/Berlin' });

const NOT_AUTHORIZED = /Not authorized to access mission id/;

/** One seeded mission matching `where` (SQL over mission m), the n-th by id. */
async function seededMission(where: string, nth = 0): Promise<{ id: number; name: string }> {
  const rows = await withDb((db) => db.query<{ id: string; name: string }>(`select m.id, m.name from mission m where ${where} order by m.id offset $1 limit 1`, [nth]));
  expect(rows.rows[0], `a seeded mission where ${where}`).toBeDefined();
  return { id: Number(rows.rows[0]!.id), name: rows.rows[0]!.name };
}

const ofCompany = (name: string) => `m.company_id = (select id from company where name = '${name}')`;
const notSharedWith = (customerNumber: number) =>
  `not exists (select 1 from mission_share s where s.mission_id = m.id and s.customer_id = (select id from customer where customer_number = ${customerNumber}))`;
const NORD = 'Hausverwaltung Nord GmbH';
const RHEINLAND = 'Rheinland Immobilien KG';

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'Europe/Berlin' });
  const page = await context.newPage();
  await signInOverHttp(page, email);
  return page;
}

const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Mission actions' });
const action = (page: Page, name: string) => toolbar(page).getByRole('button', { name, exact: true });
async function confirm(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}
async function missionJson(page: Page, id: number): Promise<Record<string, unknown>> {
  const res = await page.request.get(`/api/v2/missions/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}
async function listIds(page: Page, query: string): Promise<number[]> {
  const res = await page.request.get(`/api/v2/missions?${query}&limit=200`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { id: number }[] }).items.map((m) => m.id);
}

test('admin@ sees every section of a seeded mission with its buildings, scans and dates', async ({ page }) => {
  const mission = await seededMission('exists (select 1 from dataset d where d.mission_id = m.id) and exists (select 1 from building b where b.mission_id = m.id)');
  const facts = await withDb(async (db) => ({
    scans: Number((await db.query('select count(*) from dataset where mission_id = $1', [mission.id])).rows[0].count),
    buildings: (await db.query<{ name: string }>('select name from building where mission_id = $1 order by id', [mission.id])).rows.map((r) => r.name),
    createdAt: (await db.query<{ created_at: Date }>('select created_at from mission where id = $1', [mission.id])).rows[0]!.created_at,
  }));
  await signInOverHttp(page, 'admin@example.com');
  await page.goto(`/mission/${mission.id}`);

  await expect(page).toHaveTitle(`Argus | Mission ${mission.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(mission.name);
  await expect(page.locator('article h2')).toHaveText([
    'General', 'Mission', 'Description', 'Buildings', 'Scans', 'Downloads', 'Rendered slices', 'Scan operator notes',
    'Blurring instructions', 'Pointcloud and CAD', 'Virtual tours', 'StoSim', 'Shared with', 'History',
  ]);
  const buildings = page.getByTestId('buildings');
  await expect(buildings.locator('tbody tr')).toHaveCount(facts.buildings.length);
  await expect(buildings.locator('tbody th')).toHaveText(facts.buildings);
  await expect(buildings.locator('tfoot')).toContainText(`Total (${facts.buildings.length} building`);
  await expect(page.getByTestId('scans').locator('tbody tr')).toHaveCount(facts.scans);
  // spec §9: long month, 24-hour clock, the user's locale.
  await expect(page.locator('[data-field="createdAt"] [data-value]')).toHaveText(formatDate(facts.createdAt, 'en-US', { timeZone: 'Europe/Berlin' }));
  // The seeded scans have no converted cloud: nothing to build an online pointcloud from yet, and the button says so.
  const generate = toolbar(page).getByRole('button', { name: 'Generate online pointcloud' });
  await expect(generate).toBeDisabled();
  await expect(generate).toHaveAccessibleDescription('No scan of this mission is available yet, so there is nothing to build a pointcloud from.');
  // The tours and StoSim sections load their code and data only once they come near the screen.
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('tours')).toHaveCount(0);
  await page.locator('#tours').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('tours')).toBeVisible();
});

test('on a phone the page lays out the sections on screen first, and each other one as it comes into view', async ({ page }) => {
  // section.tsx: content-visibility: auto, so the first layout covers what the screen shows. The
  // general section is always laid out: its tag picker's options reach past its box.
  await page.setViewportSize({ width: 412, height: 823 });
  const mission = await seededMission('exists (select 1 from audit_event a where a.mission_id = m.id)');
  await signInOverHttp(page, 'admin@example.com');
  await page.goto(`/mission/${mission.id}`);
  const history = page.locator('section#audit');
  await expect(history.locator('tbody tr').first()).toBeAttached();
  const laidOut = (id: string) => page.locator(`section#${id} h2`).evaluate((h) => h.checkVisibility({ contentVisibilityAuto: true }));
  expect(await laidOut('general')).toBe(true);
  expect(await page.locator('section#general').evaluate((s) => getComputedStyle(s).contentVisibility)).toBe('visible');
  expect(await laidOut('audit')).toBe(false);

  await history.getByRole('heading', { name: 'History' }).scrollIntoViewIfNeeded();
  await expect.poll(() => laidOut('audit')).toBe(true);
  await expect(history.locator('tbody tr').first()).toBeVisible();
});

test('editing the description: a rule violation shows under the field, a valid value persists and is audited', async ({ page }) => {
  const mission = await seededMission(ofCompany('Spree Wohnbau GmbH'));
  await signInOverHttp(page, 'admin@example.com');
  await page.goto(`/mission/${mission.id}`);

  await page.getByRole('button', { name: 'Edit Description' }).click();
  const area = page.getByRole('textbox', { name: 'Description', exact: true });
  await area.fill('ä'.repeat(2501)); // 5002 bytes, over the 5000-byte limit
  await expect(page.getByTestId('byte-counter')).toContainText('5002 / 5000');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('This field should be at most 5000 bytes long')).toBeVisible();
  await expect(area).toHaveValue('ä'.repeat(2501));

  const text = `Scaffolding on the north side until May (e2e ${Date.now()})`;
  await area.fill(text);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Mission saved.')).toBeVisible();
  await expect(page.locator('[data-field="description"] [data-value]')).toHaveText(text);

  await page.reload();
  await expect(page.locator('[data-field="description"] [data-value]')).toHaveText(text);
  const audit = page.getByTestId('audit-trail');
  await expect(audit.locator('tbody tr').first()).toContainText('Changed');
  await expect(audit.locator('tbody tr').first()).toContainText(`Description: `);
  await expect(audit.locator('tbody tr').first()).toContainText(text);
  await expect(audit.locator('tbody tr').first()).toContainText('Andrea Albrecht');
});

test('blurring instructions cannot be emptied', async ({ page }) => {
  const mission = await seededMission(`${ofCompany('Spree Wohnbau GmbH')} and m.blurring_instructions is not null`, 1);
  await signInOverHttp(page, 'admin@example.com');
  await page.goto(`/mission/${mission.id}`);
  await page.getByRole('button', { name: 'Edit Blurring instructions' }).click();
  await page.getByRole('textbox', { name: 'Blurring instructions', exact: true }).fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('[data-field="blurringInstructions"]').getByText('Value is required')).toBeVisible();
});

test('close/reopen, hide/show and hold/resume change the mission at once, cloud sync in the background; all persist and leave the audit trail', async ({ page }) => {
  const mission = await seededMission(`${ofCompany('Sachsen Facility Management GmbH')} and not m.closed and not m.hidden and not m.on_hold and not m.cloud_online`);
  await signInOverHttp(page, 'admin@example.com');
  await page.goto(`/mission/${mission.id}`);
  const badges = page.locator('header li');

  await action(page, 'Close').click();
  await confirm(page, `Close mission ${mission.id}?`, 'Close mission');
  await expect(page.getByText('Mission closed.')).toBeVisible();
  await expect(badges.filter({ hasText: 'Closed' })).toBeVisible();
  expect((await missionJson(page, mission.id)).closed).toBe(true);
  await action(page, 'Reopen').click();
  await expect(action(page, 'Close')).toBeVisible();
  expect((await missionJson(page, mission.id)).closed).toBe(false);

  await action(page, 'Hide').click();
  await confirm(page, `Hide mission ${mission.id}?`, 'Hide mission');
  await expect(badges.filter({ hasText: 'Hidden' })).toBeVisible();
  // Hidden missions leave the default lists (spec §2).
  expect(await listIds(page, `q=${mission.id}`)).not.toContain(mission.id);
  expect(await listIds(page, `q=${mission.id}&includeHidden=true`)).toContain(mission.id);
  await action(page, 'Show').click();
  await expect(action(page, 'Hide')).toBeVisible();
  expect(await listIds(page, `q=${mission.id}`)).toContain(mission.id);

  await action(page, 'Hold (pause calculation)').click();
  await confirm(page, `Put mission ${mission.id} on hold?`, 'Hold mission');
  await expect(badges.filter({ hasText: 'On hold' })).toBeVisible();
  expect((await missionJson(page, mission.id)).onHold).toBe(true);
  await action(page, 'Resume').click();
  await expect(action(page, 'Hold (pause calculation)')).toBeVisible();
  expect((await missionJson(page, mission.id)).onHold).toBe(false);

  // Cloud sync is a background job (issue 15): the mission is cloud online once every file is verified there.
  await action(page, 'Cloud sync').click();
  await expect.poll(async () => (await missionJson(page, mission.id)).cloudOnline, { timeout: 60_000 }).toBe(true);
  // Whoever started it is told when it is done.
  await readNotice(page, `Mission ${mission.id} (${mission.name}) is synchronised with the cloud.`);
  await page.reload();
  await action(page, 'Take offline').click();
  await confirm(page, `Take mission ${mission.id} offline?`, 'Take offline');
  await expect.poll(async () => (await missionJson(page, mission.id)).cloudOnline, { timeout: 60_000 }).toBe(false);
  await readNotice(page, `The cloud copy of mission ${mission.id} (${mission.name}) was removed.`);
  await page.reload();
  await expect(action(page, 'Cloud sync')).toBeVisible();

  await page.reload();
  const audit = page.getByTestId('audit-trail').locator('tbody tr td:nth-child(3) strong');
  await expect(audit.first()).toHaveText('Taken offline');
  await expect(audit).toContainText(['Taken offline', 'Synchronised to the cloud', 'Resumed', 'Put on hold', 'Shown', 'Hidden', 'Reopened', 'Closed']);
});

test('previous and next walk the list the user came from', async ({ page }) => {
  const mission = await seededMission(`${ofCompany('Mainufer Projektentwicklung GmbH')} and not m.hidden`, 1);
  await signInOverHttp(page, 'admin@example.com');
  const from = 'sort=name&order=asc';
  const res = await page.request.get(`/api/v2/missions/${mission.id}/neighbours?${from}`);
  const { previousId, nextId } = (await res.json()) as { previousId: number; nextId: number };
  expect(previousId).not.toBeNull();
  expect(nextId).not.toBeNull();

  const prefetched: string[] = [];
  page.on('request', (request) => void (request.headers()['next-router-prefetch'] && prefetched.push(request.url())));
  await page.goto(`/mission/${mission.id}?from=${encodeURIComponent(from)}`);
  await page.waitForLoadState('networkidle');
  // Neither the menu nor previous/next prefetches: each prefetch was a request with its own
  // session check, for nothing the click could show sooner (components/ui/link.tsx).
  expect(prefetched).toEqual([]);
  await page.getByRole('link', { name: 'Next mission' }).click();
  await expect(page).toHaveURL(`/mission/${nextId}?from=${encodeURIComponent(from)}`);
  await expect(page.getByText(`Mission ${nextId}`, { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Previous mission' }).click();
  await expect(page).toHaveURL(`/mission/${mission.id}?from=${encodeURIComponent(from)}`);
  await page.getByRole('link', { name: 'Previous mission' }).click();
  await expect(page).toHaveURL(`/mission/${previousId}?from=${encodeURIComponent(from)}`);

  // Without a list, the default order (newest first).
  const plain = (await (await page.request.get(`/api/v2/missions/${mission.id}/neighbours`)).json()) as { nextId: number | null };
  await page.goto(`/mission/${mission.id}`);
  if (plain.nextId === null) await expect(page.getByRole('link', { name: 'Next mission' })).toHaveCount(0);
  else await expect(page.getByRole('link', { name: 'Next mission' })).toHaveAttribute('href', `/mission/${plain.nextId}`);
});

test("sharing with customer2@'s customer lets them see the mission; revoking takes it away", async ({ page, browser }) => {
  const mission = await seededMission(`${ofCompany(NORD)} and not m.hidden and ${notSharedWith(7)}`, 2);
  const customer2 = await signedIn(browser, 'customer2@example.com');
  await customer2.goto(`/mission/${mission.id}`);
  await expect(customer2.getByRole('heading', { name: NOT_AUTHORIZED })).toBeVisible();

  await signInOverHttp(page, 'admin@example.com');
  await page.goto(`/mission/${mission.id}`);
  const shares = page.locator('#shares');
  await shares.getByLabel('Search customers').fill('Rheinland');
  const option = 'Rheinland Immobilien – Bestandsmanagement (7) – Rheinland Immobilien KG';
  await expect(shares.getByRole('option', { name: option })).toBeAttached();
  await shares.getByLabel('Customer', { exact: true }).selectOption({ label: option });
  await shares.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByText('Mission shared with Rheinland Immobilien – Bestandsmanagement.')).toBeVisible();
  const row = shares.getByRole('row', { name: /Rheinland Immobilien – Bestandsmanagement/ });
  await expect(row).toContainText('Andrea Albrecht');

  await customer2.reload();
  await expect(customer2.getByRole('heading', { level: 1 })).toHaveText(mission.name);
  expect(await listIds(customer2, `q=${mission.id}`)).toContain(mission.id);

  await row.getByRole('button', { name: /Revoke/ }).click();
  await confirm(page, 'Revoke the share with Rheinland Immobilien – Bestandsmanagement?', 'Revoke share');
  await expect(row).toHaveCount(0);

  await customer2.reload();
  await expect(customer2.getByRole('heading', { name: NOT_AUTHORIZED })).toBeVisible();
  expect(await listIds(customer2, `q=${mission.id}`)).not.toContain(mission.id);
  await customer2.context().close();
});

test("customer@ opening another company's mission is told 'not authorized to access mission id'", async ({ page }) => {
  const mission = await seededMission(`${ofCompany(RHEINLAND)} and ${notSharedWith(6)}`);
  await signInOverHttp(page, 'customer@example.com');
  await page.goto(`/mission/${mission.id}`);
  await expect(page.getByRole('heading', { name: `Not authorized to access mission id ${mission.id}` })).toBeVisible();
  await expect(page.getByText(mission.name)).toHaveCount(0);

  // Their own company's mission: no internal actions, but their fields are editable.
  const own = await seededMission(ofCompany(NORD));
  await page.goto(`/mission/${own.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(own.name);
  await expect(action(page, 'Close')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit Description' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Priority' })).toHaveCount(0);
  // Tags are for internal users (mission-access.ts 'tag'): customers see them, without the editor.
  await expect(page.getByRole('combobox', { name: 'Add tag' })).toHaveCount(0);
});

test('external@ gets the reduced view of their company\'s mission and edits only the external order fields', async ({ page }) => {
  const mission = await seededMission(ofCompany('Fassadenwerk Baustoffe AG'));
  await signInOverHttp(page, 'external@example.com');
  await page.goto(`/mission/${mission.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(mission.name);
  await expect(page.locator('[data-field="internalReference"]')).toHaveCount(0);
  await expect(page.locator('[data-field="priority"]')).toHaveCount(0);
  await expect(page.locator('article h2')).not.toContainText(['Scan operator notes']);
  await expect(page.locator('article h2', { hasText: 'History' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit Description' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit External order reference' }).click();
  const reference = `EXT-${Date.now()}`;
  await page.getByRole('textbox', { name: 'External order reference', exact: true }).fill(reference);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Mission saved.')).toBeVisible();
  await page.reload();
  await expect(page.locator('[data-field="externalOrderReference"] [data-value]')).toHaveText(reference);
});

test('admin@ tags a mission in place: the new tag persists, shows in the audit trail and can be removed', async ({ page }) => {
  const mission = await seededMission(ofCompany('Mainufer Projektentwicklung GmbH'), 3);
  // A tag of its own, so parallel specs filtering by the seeded tags see the seed as it was.
  const name = `e2e-tag-${Date.now()}`;
  await signInOverHttp(page, 'admin@example.com');
  await page.goto(`/mission/${mission.id}`);
  const tags = page.getByTestId('tag-editor');
  const chip = tags.getByRole('listitem').filter({ hasText: name });
  const remove = tags.getByRole('button', { name: `Remove tag ${name}` });

  await tags.getByRole('combobox', { name: 'Add tag' }).fill(name);
  await tags.getByRole('option', { name: `Create tag '${name}'` }).click();
  await expect(remove).toBeVisible();

  await page.reload();
  await expect(chip).toBeVisible();
  const tagId = await withDb(async (db) => Number((await db.query('select id from tag where name = $1', [name])).rows[0].id));
  expect((await missionJson(page, mission.id)).tagIds).toContain(tagId);
  const latest = page.getByTestId('audit-trail').locator('tbody tr').first();
  await expect(latest).toContainText('Tag added');
  await expect(latest).toContainText(`Tag: ${name}`);
  await expect(latest).toContainText('Andrea Albrecht');

  await remove.click();
  await expect(chip).toHaveCount(0);
  await expect(latest).toContainText('Tag removed');
  await page.reload();
  await expect(tags).toBeVisible();
  await expect(chip).toHaveCount(0);
  expect((await missionJson(page, mission.id)).tagIds).not.toContain(tagId);
});

test('/mission/abc and an unknown id are the not-found page', async ({ page }) => {
  await signInOverHttp(page, 'admin@example.com');
  for (const path of ['/mission/abc', '/mission/12abc', '/mission/999999999']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Argus | Page not found');
  }
});
