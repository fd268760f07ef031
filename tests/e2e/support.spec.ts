import { expect, test } from '@playwright/test';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';
import { withDb } from './support/db';

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
