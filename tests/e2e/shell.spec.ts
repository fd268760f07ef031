import { expect, test } from '@playwright/test';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';

// Every page of the shell needs a signed-in user (spec §2 route guard): sign in over HTTP first.
test.beforeEach(async ({ page }) => {
  await signInOverHttp(page, 'customer@example.com');
});

test.describe('in German (Accept-Language de-DE)', () => {
  test.use({ locale: 'de-DE' });

  test('the shell and the not-found page render in German', async ({ page }) => {
    const response = await page.goto('/gibt-es-nicht');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden');
    await expect(page).toHaveTitle('Argus | Seite nicht gefunden');
    await expect(page.getByRole('navigation', { name: 'Hauptmenü' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zur Startseite' })).toBeVisible();
  });
});

test.describe('in English (Accept-Language en-US)', () => {
  test.use({ locale: 'en-US' });

  test('the shell and the not-found page render in English', async ({ page }) => {
    const response = await page.goto('/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page).toHaveTitle('Argus | Page not found');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  });
});

test.describe('a language Argus does not speak', () => {
  test.use({ locale: 'fr-FR' });

  test('falls back to English', async ({ page }) => {
    await page.goto('/nulle-part');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  });
});

test('the /not-found route, a non-numeric and an unknown mission id answer 404 with the not-found view', async ({ page }) => {
  for (const path of ['/not-found', '/mission/abc', '/mission/999999999']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  }
});

test("a page's content comes before every inline script of its body, so the first paint shows it", async ({ page }) => {
  // An inline script stops the parser until the stylesheets have loaded, and the page's async
  // scripts, loaded by then too, run first: content after it stayed out of the first paint.
  for (const path of ['/mission-list', '/profile']) {
    const html = await (await page.request.get(path)).text();
    const body = html.slice(html.indexOf('<body'));
    const firstInline = body.search(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(firstInline, path).toBeGreaterThan(0);
    expect(body.indexOf('</main>'), path).toBeGreaterThan(0);
    expect(body.indexOf('</main>'), path).toBeLessThan(firstInline);
  }
});
