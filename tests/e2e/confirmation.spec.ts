import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';
import { axeViolations } from './support/axe';
import { withDb } from './support/db';

// Issue 20 point 5: the confirmation view. Staff send the link from the mission detail; the
// customer opens it from the e-mail without signing in and confirms; the mission moves on.
test.use({ locale: 'en-US' });

test('an order is confirmed from the e-mailed link, once, and the mission moves on to the scan appointment', async ({ page, browser }) => {
  await signInOverHttp(page, 'admin@example.com');
  const companyId = await withDb(async (db) => Number((await db.query(`select id from company where name = 'Hausverwaltung Nord GmbH'`)).rows[0].id));
  const footprint = { type: 'Polygon', coordinates: [[[9.99, 53.55], [9.9902, 53.55], [9.9902, 53.5501], [9.99, 53.5501], [9.99, 53.55]]] };
  const name = `Bestätigung ${test.info().workerIndex}-${Date.now()}`;
  const created = await page.request.post('/api/v2/missions', { data: { name, companyId, products: ['pointcloud'], step: 'order_confirm', buildings: [{ name: 'Haupthaus', footprint, levels: 2 }] } });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: number }).id;
  const recipient = `einkauf-${id}@nord-gmbh.de`;

  await page.goto(`/mission/${id}`);
  const panel = page.getByRole('region', { name: 'Customer confirmation' });
  await expect(panel.getByText('Send the customer a link to confirm the order.', { exact: false })).toBeVisible();
  await panel.getByLabel('Recipient e-mail').fill('kein-mail');
  await panel.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Value is not a valid email address');
  await expect(panel.getByLabel('Recipient e-mail')).toHaveValue('kein-mail');
  await panel.getByLabel('Recipient e-mail').fill(recipient);
  await panel.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(panel.getByRole('row', { name: new RegExp(`Order ${recipient} Open until`) })).toBeVisible();

  const mail = await withDb((db) => db.query<{ body: string }>('select body from mail_outbox where recipient = $1 order by id desc limit 1', [recipient]));
  const link = /https?:\/\/\S+\/confirm\/[A-Za-z0-9_-]{43}/.exec(mail.rows[0]?.body ?? '')?.[0];
  expect(link).toBeDefined();

  // The customer has no session: a fresh browser context.
  const customer = await browser.newContext({ locale: 'de-DE' });
  const view = await customer.newPage();
  await view.goto(new URL(link!).pathname);
  await expect(view.getByRole('heading', { level: 1, name: 'Auftrag bestätigen' })).toBeVisible();
  await expect(view.getByText(`Bitte bestätigen Sie Ihren Auftrag für die Mission „${name}“.`)).toBeVisible();
  await view.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(view.getByRole('status')).toContainText('Vielen Dank. Ihre Bestätigung wurde gespeichert.');
  await view.reload();
  await expect(view.getByRole('button', { name: 'Bestätigen' })).toHaveCount(0);
  await expect(view.getByRole('status')).toContainText('Bestätigt am');
  await customer.close();

  const step = await withDb(async (db) => (await db.query<{ step: string }>('select step from mission where id = $1', [id])).rows[0]!.step);
  expect(step).toBe('scan_appointment');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Customer confirmation' }).getByRole('row', { name: new RegExp(`Order ${recipient} Confirmed on`) })).toBeVisible();
});

/** A link to confirm the demo mission's order, `expiresIn` from now (negative: expired); only its hash is stored. */
async function demoLink(expiresIn: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await withDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(`select id from mission where internal_reference = 'ARG-2026-DEMO'`);
    await db.query(
      `insert into mission_confirmation (mission_id, kind, recipient, token_hash, expires_at) values ($1, 'order', 'customer@example.com', $2, now() + $3::interval)`,
      [rows[0]!.id, createHash('sha256').update(token).digest('hex'), expiresIn],
    );
  });
  return `/confirm/${token}`;
}

test.describe('in German, without a session', () => {
  test.use({ locale: 'de-DE', bypassCSP: true });

  test('an expired link says so, offers no button, and says whom to ask for a new one', async ({ page }) => {
    const res = await page.goto(await demoLink('-1 hour'));
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Auftrag bestätigen' })).toBeVisible();
    await expect(page.getByText('Dieser Link ist abgelaufen. Bitte wenden Sie sich für einen neuen Link an uns.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bestätigen' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'support@argus.local' })).toHaveAttribute('href', 'mailto:support@argus.local');
  });

  test('a tampered link, or one a mail client cut short, gets the confirmation view saying it is not valid, with whom to contact', async ({ page }) => {
    const link = await demoLink('1 day');
    const last = link.at(-1) === 'A' ? 'B' : 'A';
    for (const path of [`${link.slice(0, -1)}${last}`, link.slice(0, 30)]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      // The confirmation view, not the sign-in page nor the app's "Seite nicht gefunden".
      await expect(page, path).toHaveURL((url) => url.pathname === path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText('Bestätigung');
      await expect(page.getByText('Dieser Bestätigungslink ist ungültig.'), path).toBeVisible();
      await expect(page.getByRole('link', { name: 'support@argus.local' }), path).toHaveAttribute('href', 'mailto:support@argus.local');
    }
    expect(await axeViolations(page)).toEqual([]);
  });
});
