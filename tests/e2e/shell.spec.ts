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

test("the first frame waits for the page's content, so the largest paint is in it", async ({ page }) => {
  // The shell's <link rel="expect" blocking="render"> holds rendering until #main-end, the last
  // element of <main>, is parsed. Without it the list's first frame showed the header and the
  // heading, and its table (the largest paint) came a frame later, after the page's scripts.
  const html = await (await page.request.get('/mission-list')).text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toContain('<link rel="expect" href="#main-end" blocking="render"/>');
  expect(html.indexOf('<span id="main-end" hidden=""></span></main>')).toBeGreaterThan(0);

  await page.goto('/mission-list');
  const paints = await page.evaluate(
    () =>
      new Promise<{ fcp: number; lcp: number; inTable: boolean }>((resolve) => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
        new PerformanceObserver((list) => {
          const first = list.getEntries()[0] as PerformanceEntry & { element: Element | null };
          resolve({ fcp, lcp: first.startTime, inTable: Boolean(first.element?.closest('table')) });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  expect(paints.lcp).toBe(paints.fcp);
  expect(paints.inTable).toBe(true);
});

test('the scripts a page starts with are compiled ahead of their first call; a library loaded on demand is not', async ({ page }) => {
  // V8's compile hint (scripts/build/compile-hints.mjs): the first line of each script the page
  // starts with, so that V8 compiles it while it streams in instead of on the main thread.
  const hint = '//# allFunctionsCalledOnLoad\n';
  const html = await (await page.request.get('/map-overview')).text();
  // The polyfills are for browsers without modules (noModule) and come from Next.js as they are.
  const initial = [...html.matchAll(/<script(?![^>]*noModule)[^>]*\ssrc="([^"]+\.js)"/g)].map((m) => m[1]!);
  expect(initial.length).toBeGreaterThan(5);
  for (const src of initial) expect((await (await page.request.get(src)).text()).startsWith(hint), src).toBe(true);

  // The map's library (MapLibre, the largest script there is) loads once the page shows a map.
  const later: Promise<string>[] = [];
  page.on('response', (r) => {
    if (/\/_next\/static\/chunks\/.+\.js$/.test(r.url()) && !initial.includes(new URL(r.url()).pathname)) later.push(r.text());
  });
  await page.goto('/map-overview');
  await expect(page.getByTestId('map-overview').locator('[data-map-ready]')).toHaveAttribute('data-map-ready', 'true', { timeout: 30_000 });
  const largest = (await Promise.all(later)).reduce((a, b) => (b.length > a.length ? b : a), '');
  expect(largest.length).toBeGreaterThan(500_000);
  expect(largest.startsWith(hint)).toBe(false);
});

test('the scripts and stylesheets a page starts with are sent gzipped, without offering ranges of the gzip', async ({ page }) => {
  // Next serves them with Accept-Ranges; the app server compresses them anyway (lib/server/net/compress-answer.mjs).
  const html = await (await page.request.get('/mission-list')).text();
  const files = [...html.matchAll(/<(?:script(?![^>]*noModule)[^>]*\ssrc|link[^>]*rel="stylesheet"[^>]*\shref)="(\/_next\/static\/[^"]+)"/g)].map((m) => m[1]!);
  expect(files.filter((f) => f.endsWith('.js')).length).toBeGreaterThan(5);
  expect(files.filter((f) => f.endsWith('.css')).length).toBeGreaterThan(0);
  let gzipped = 0;
  for (const file of files) {
    const answer = await page.request.get(file, { headers: { 'accept-encoding': 'gzip' } });
    expect(answer.headers()['accept-ranges'], file).toBeUndefined();
    // Below a kilobyte the compression middleware sends a file as it is (its threshold): gzip would not pay.
    if ((await answer.body()).byteLength < 1024) continue;
    expect(answer.headers()['content-encoding'], file).toBe('gzip');
    gzipped += 1;
  }
  expect(gzipped).toBeGreaterThan(5);
});
