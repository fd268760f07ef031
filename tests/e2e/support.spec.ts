import { expect, test } from '@playwright/test';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';
import { withDb } from './support/db';
import { missionHiddenFromCustomer } from './support/missions';

// Issue 20 point 5: the support view, opened from a mission, sends a message that names it.
test.use({ locale: 'en-US' });

test('a customer writes to support from a mission: the message carries the mission and is confirmed with its reference', async ({ page }) => {
  const { rows } = await withDb((db) => db.query<{ id: string }>(`select id from mission where company_id = (select id from company where name = 'Hausverwaltung Nord GmbH') order by id limit 1`));
  const id = Number(rows[0]!.id);
  await signInOverHttp(page, 'customer@example.com');
  await page.goto(`/mission/${id}`);
  await page.getByRole('link', { name: 'Support', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/support' && url.searchParams.get('from') === `/mission/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'support@argus.local' })).toHaveAttribute('href', 'mailto:support@argus.local');
  await expect(page.getByText(`Sent along: mission ${id} (page /mission/${id})`)).toBeVisible();

  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Value is required').first()).toBeVisible();
  await page.getByLabel('Subject').fill('Lieferdatum');
  await page.getByLabel('Message').fill('Wann kommt die Punktwolke?');
  await page.getByRole('button', { name: 'Send' }).click();
  const status = page.getByRole('status').filter({ hasText: 'Support has your message' });
  await expect(status).toBeVisible();
  const reference = /reference (SUP-\d{8}-[0-9A-F]{6})/.exec((await status.textContent()) ?? '')?.[1];
  expect(reference).toBeDefined();
  const mail = await withDb((db) => db.query<{ body: string }>('select body from mail_outbox where subject = $1', [`[${reference}] Lieferdatum`]));
  expect(mail.rows[0]?.body).toContain(`Mission: ${id} `);
});

test('from the 403 page of a mission the user may not see, support is reached and the message goes through without the mission', async ({ page }) => {
  const id = await missionHiddenFromCustomer();
  await signInOverHttp(page, 'customer@example.com');
  expect((await page.goto(`/mission/${id}`))?.status()).toBe(403);
  await page.getByRole('link', { name: 'Support', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/support' && url.searchParams.get('from') === `/mission/${id}`);
  // Only the page is sent along: the mission is not the user's to name.
  await expect(page.getByText(`Sent along: page /mission/${id}`)).toBeVisible();
  await expect(page.getByText('Sent along: mission')).toHaveCount(0);
  await page.getByLabel('Subject').fill('Kein Zugriff');
  await page.getByLabel('Message').fill('Ich sehe diese Mission nicht.');
  await page.getByRole('button', { name: 'Send' }).click();
  const status = page.getByRole('status').filter({ hasText: 'Support has your message' });
  await expect(status).toBeVisible();
  await expect(page.getByText('Failed to send the message!')).toHaveCount(0);
  const reference = /reference (SUP-\d{8}-[0-9A-F]{6})/.exec((await status.textContent()) ?? '')?.[1];
  const mail = await withDb((db) => db.query<{ body: string }>('select body from mail_outbox where subject = $1', [`[${reference}] Kein Zugriff`]));
  expect(mail.rows[0]?.body).toContain('Mission: —');
});

test('a user still waiting for a role opens support from the menu and writes to it', async ({ page }) => {
  await signInOverHttp(page, 'norole@example.com');
  await page.goto('/default-role-missing');
  await page.getByRole('link', { name: 'Support', exact: true }).click();
  // Not bounced back to /default-role-missing.
  await expect(page).toHaveURL((url) => url.pathname === '/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await page.getByLabel('Subject').fill('Noch keine Rolle');
  await page.getByLabel('Message').fill('Ich warte auf meine Freischaltung.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Support has your message' })).toBeVisible();
});
