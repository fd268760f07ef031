import { expect, test, type Page } from '@playwright/test';
import { hasSession, signInOverHttp } from '../support/e2e/sign-in-over-http';
import { withDb } from './support/db';

/*
 * Issue 13, abuse resistance: the security headers on every kind of answer, pages whose scripts
 * all run under the nonce policy (no violations on the map and planner pages, which load
 * MapLibre's worker), and /logout that another site cannot trigger.
 */
test.use({ locale: 'en-US', viewport: { width: 900, height: 700 } });

function expectSecurityHeaders(headers: Record<string, string>, what: string): string {
  const policy = headers['content-security-policy'] ?? '';
  expect(policy, what).toContain("frame-ancestors 'none'");
  expect(policy, what).toContain("worker-src 'self' blob:");
  expect(policy, what).toContain("object-src 'none'");
  expect(policy, what).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('same-origin');
  // Plain http here: no HSTS (it is for TLS only).
  expect(headers['strict-transport-security'], what).toBeUndefined();
  return policy;
}

const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1];

test('a page, an API answer, a download and a static file carry the security headers', async ({ page }) => {
  test.setTimeout(120_000);
  await signInOverHttp(page, 'admin@example.com');

  const first = await page.goto('/map-overview');
  const policy = expectSecurityHeaders(first!.headers(), 'page');
  expect(policy).toContain("'strict-dynamic'");
  const nonce = nonceOf(policy);
  expect(nonce).toBeTruthy();
  // Next.js put that nonce on its scripts; a second load gets a fresh one.
  expect(await page.locator(`script[nonce]`).count()).toBeGreaterThan(0);
  const second = await page.goto('/map-overview');
  expect(nonceOf(second!.headers()['content-security-policy'] ?? '')).not.toBe(nonce);

  const api = await page.request.get('/api/v2/me');
  expect(api.status()).toBe(200);
  expectSecurityHeaders(api.headers(), 'API answer');

  const missionId = await withDb(async (db) => Number((await db.query<{ id: string }>('select id from mission order by id limit 1')).rows[0]!.id));
  const download = await page.request.get(`/api/v2/missions/${missionId}/pdf`, { timeout: 90_000 });
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toContain('application/pdf');
  expectSecurityHeaders(download.headers(), 'download');

  for (const file of ['/maplibre-gl-worker.mjs', '/favicon.svg']) {
    const res = await page.request.get(file);
    expect(res.status(), file).toBe(200);
    expectSecurityHeaders(res.headers(), file);
  }

  // Behind a TLS-terminating proxy every answer adds HSTS.
  const behindTls = await page.request.get('/api/v2/health', { headers: { 'x-forwarded-proto': 'https' } });
  expect(behindTls.headers()['strict-transport-security']).toMatch(/^max-age=\d+/);
});

/** Collects every Content Security Policy violation the page reports. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      void (window as unknown as { reportViolation: (t: string) => void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

test('the map and planner pages run under the policy without a single violation', async ({ page }) => {
  test.setTimeout(180_000);
  const violations = await watchViolations(page);
  await signInOverHttp(page, 'admin@example.com');
  for (const path of ['/map-overview', '/planner']) {
    await page.goto(path);
    await expect(page.locator('[data-map-ready]').first()).toHaveAttribute('data-map-ready', 'true', { timeout: 60_000 });
  }
  expect(violations).toEqual([]);
});

test('/logout from another site does not sign out; from our own page it does', async ({ page, baseURL }) => {
  await signInOverHttp(page, 'customer@example.com');
  // A page on another site with a link and an image pointing at our /logout.
  await page.route('https://elsewhere.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<img src="${baseURL}/logout"><a id="out" href="${baseURL}/logout">win a prize</a>` }),
  );
  await page.goto('https://elsewhere.example/');
  await page.locator('#out').click();
  await page.waitForURL((url) => url.origin === baseURL);
  expect(await hasSession(page)).toBe(true);
  expect(new URL(page.url()).pathname).not.toMatch(/^\/auth\/signin/);

  // The menu's sign-out, a link on our own page, still works.
  await page.goto('/planner');
  await page.locator('a[href="/logout"]').first().dispatchEvent('click');
  await page.waitForURL((url) => url.pathname === '/auth/signin');
  expect(await hasSession(page)).toBe(false);
});
