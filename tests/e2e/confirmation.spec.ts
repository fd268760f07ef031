import { expect, test } from '@playwright/test';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';
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
