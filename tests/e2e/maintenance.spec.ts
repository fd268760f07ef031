import { expect, test } from '@playwright/test';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';
import { withDb } from './support/db';

test.describe('maintenance notice', () => {
  test.use({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  let id: number;

  test.beforeAll(async () => {
    id = await withDb(async (db) => {
      const { rows } = await db.query<{ id: number }>(
        `insert into maintenance_notice (text, show_from, start_time, end_time)
         values ($1, now() - interval '1 minute', '2031-03-04T13:00:00Z', '2031-03-04T15:30:00Z') returning id`,
        [{ en: 'Maintenance from ${startTime} to ${endTime}.', de: 'Wartung von ${startTime} bis ${endTime}.' }],
      );
      return rows[0]!.id;
    });
  });

  test.afterAll(async () => {
    await withDb((db) => db.query('delete from maintenance_notice where id = $1', [id]));
  });

  test('shows the scheduled window with times in the user’s locale', async ({ page, request }) => {
    const api = await request.get('/api/v2/maintenance?locale=de');
    expect(api.status()).toBe(200);
    expect(await api.json()).toEqual({
      text: 'Wartung von ${startTime} bis ${endTime}.',
      startTime: '2031-03-04T13:00:00.000Z',
      endTime: '2031-03-04T15:30:00.000Z',
    });

    const text = 'Wartung von 4. März 2031 um 14:00 bis 4. März 2031 um 16:30.';
    // Before sign-in: the guard sends the visitor to the sign-in screen, whose layout shows the notice too.
    await page.goto('/irgendwo');
    await expect(page).toHaveURL((url) => url.pathname === '/auth/signin');
    await expect(page.getByTestId('maintenance-notice')).toHaveText(text);

    // Signed in: the application shell shows it.
    await signInOverHttp(page, 'customer@example.com');
    await page.goto('/irgendwo');
    await expect(page).toHaveURL((url) => url.pathname === '/irgendwo');
    await expect(page.getByTestId('maintenance-notice')).toHaveText(text);
  });
});
