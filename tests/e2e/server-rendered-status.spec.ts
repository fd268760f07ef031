import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';
import { missionHiddenFromCustomer as foreignMission } from './support/missions';

// A page that finds its mission unknown or refused, or its view not allowed, answers 404 / 403 with
// the view's heading in the server's HTML (issue 20 points 1 and 9): not an empty document the
// browser fills in once scripts and stylesheets have loaded — which stayed empty when a
// stylesheet request was aborted under load.

async function signedIn(browser: Browser, locale: string, options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ locale, timezoneId: 'Europe/Berlin', ...options });
  await signInOverHttp(context.request, 'customer@example.com');
  return context;
}

/** The first h1 of the HTML as the server sent it, tags and entities reduced to text. */
function serverHeading(html: string): string | null {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return match ? match[1]!.replace(/<[^>]+>/g, '').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&') : null;
}

test('unknown ids and views the user may not open answer 404 with the heading in the server HTML', async ({ browser }) => {
  const context = await signedIn(browser, 'en-US');
  const unknown = 987_654_321;
  // customer@ has no pipeline, user center or storage in their menu: those are not found for them.
  for (const path of [`/mission/${unknown}`, `/mission/${unknown}/print`, `/mission/${unknown}/viewer`, `/planner?mission=${unknown}`, '/pipeline', '/user-center', '/storage']) {
    const res = await context.request.get(path, { headers: { Accept: 'text/html' } });
    expect(res.status(), path).toBe(404);
    expect(serverHeading(await res.text()), path).toBe('Page not found');
  }
  await context.close();
});

test("another company's mission answers 403 with 'not authorized to access mission id' in the server HTML, in both languages", async ({ browser }) => {
  const id = await foreignMission();
  for (const [locale, heading] of [
    ['en-US', `Not authorized to access mission id ${id}`],
    ['de-DE', `Keine Berechtigung für den Zugriff auf die Mission mit der ID ${id}`],
  ] as const) {
    const context = await signedIn(browser, locale);
    for (const path of [`/mission/${id}`, `/mission/${id}/print`, `/mission/${id}/viewer`, `/planner?mission=${id}`]) {
      const res = await context.request.get(path, { headers: { Accept: 'text/html', 'Accept-Language': locale } });
      expect(res.status(), `${locale} ${path}`).toBe(403);
      expect(serverHeading(await res.text()), `${locale} ${path}`).toBe(heading);
    }
    await context.close();
  }
});

test('the heading is there without scripts and with every stylesheet refused', async ({ browser }) => {
  const context = await signedIn(browser, 'en-US', { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.route(/\.css(\?|$)/, (route) => route.abort());
  const res = await page.goto('/mission/999999999');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await context.close();
});

test('following a link to an unknown mission inside the app shows the not-found view', async ({ browser }) => {
  const context = await signedIn(browser, 'en-US');
  const page = await context.newPage();
  await page.goto('/mission-list');
  // The list has rendered (a render after the injection would drop a link put inside React's tree).
  await expect(page.getByRole('table')).toBeVisible();
  // A link to the unknown mission, followed as the browser follows any link in the app.
  await page.evaluate(() => {
    const a = document.createElement('a');
    a.href = '/mission/987654321';
    a.textContent = 'unknown mission';
    document.body.append(a);
  });
  await page.getByRole('link', { name: 'unknown mission' }).click();
  await expect(page).toHaveURL(/\/mission\/987654321$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await context.close();
});
