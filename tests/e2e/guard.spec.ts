import { expect, test, type Page, type Response } from '@playwright/test';
import { MENU_ENTRIES } from '@/components/shell/menu-entries';
import { germanFor, message } from '../support/e2e/messages';
import { hasSession, signInOverHttp } from '../support/e2e/sign-in-over-http';
import { DEMO_PASSWORD, signIn } from './support/identity';

// The route guard of spec §2 (middleware.ts) and the permission set of spec §3/§6, with the seeded
// accounts. Later issues build the pages behind most routes, so these tests assert where the guard
// sends the browser, not what the page shows.
test.use({ locale: 'en-US' });

const path = (page: Page) => new URL(page.url()).pathname;

/** Every URL a navigation went through, redirects included, in order. */
function chainOf(response: Response | null): URL[] {
  const chain: URL[] = [];
  for (let r = response?.request() ?? null; r; r = r.redirectedFrom()) chain.unshift(new URL(r.url()));
  return chain;
}

/**
 * Where a navigation that ended on the sign-in screen was sent, and with which return_to: the
 * guard's redirect (the first /auth/signin in the chain) and the login flow the screen created
 * from it (the screen continues at /auth/signin?flow=…, made by the server with the page).
 */
async function signInReturnTo(page: Page, response: Response | null): Promise<{ guard: string | null; flow: string | null }> {
  expect(path(page)).toBe('/auth/signin');
  const first = chainOf(response).find((u) => u.pathname === '/auth/signin');
  expect(first, 'the navigation passed through /auth/signin').toBeDefined();
  // A flow the server made with the page is named in the address once the page runs (the
  // identity service's own redirect named it at once).
  await expect(page).toHaveURL(/[?&]flow=/);
  const flowId = new URL(page.url()).searchParams.get('flow');
  let flow: string | null = null;
  if (flowId) {
    const res = await page.request.get(`/self-service/login/flows?id=${flowId}`, { headers: { Accept: 'application/json' } });
    expect(res.status()).toBe(200);
    flow = ((await res.json()) as { return_to?: string }).return_to || null;
  }
  return { guard: first!.searchParams.get('return_to'), flow };
}

/** Fills and submits the sign-in screen the browser is on. */
async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel(/^(E-Mail|Email)$/i).fill(email);
  await page.getByLabel(/^(Passwort|Password)$/i).fill(password);
  await page.getByRole('button', { name: /^(Anmelden|Sign in)$/i }).click();
}

test.describe('signing in lands where the guard says', () => {
  test('an unverified user goes to /auth/verify, from anywhere', async ({ page }) => {
    await signIn(page, 'unverified@example.com');
    await expect(page).toHaveURL((url) => url.pathname === '/auth/verify');
    await page.goto('/planner');
    expect(path(page)).toBe('/auth/verify');
    await page.goto('/profile');
    expect(path(page)).toBe('/auth/verify');
  });

  test('a verified user without a role goes to /default-role-missing, and may still open /profile', async ({ page }) => {
    await signIn(page, 'norole@example.com');
    await expect(page).toHaveURL((url) => url.pathname === '/default-role-missing');
    await page.goto('/mission/12');
    expect(path(page)).toBe('/default-role-missing');
    await page.goto('/');
    expect(path(page)).toBe('/default-role-missing');
    await page.goto('/profile');
    expect(path(page)).toBe('/profile');
  });

  test('an internal user (admin@) at / goes to the beta mission list', async ({ page }) => {
    await signIn(page, 'admin@example.com');
    await page.goto('/');
    expect(path(page)).toBe('/mission-list-beta');
  });

  test('a customer at / goes to the planner', async ({ page }) => {
    await signIn(page, 'customer@example.com');
    await page.goto('/');
    expect(path(page)).toBe('/planner');
  });
});

test('an anonymous deep link goes to sign-in with return_to and comes back after sign-in', async ({ page, baseURL }) => {
  const response = await page.goto('/mission/12');
  expect(await signInReturnTo(page, response)).toEqual({ guard: `${baseURL}/mission/12`, flow: `${baseURL}/mission/12` });
  await submitSignIn(page, 'customer@example.com');
  await expect(page).toHaveURL(`${baseURL}/mission/12`);
  expect(await hasSession(page)).toBe(true);
});

test('a signed-in, verified user opening an auth screen goes home', async ({ page }) => {
  await signInOverHttp(page, 'customer@example.com');
  for (const authPath of ['/auth/signin', '/auth/signup', '/auth/recovery', '/login', '/auth']) {
    await page.goto(authPath);
    expect(path(page), authPath).toBe('/planner');
  }
  // Re-authentication and the error page stay reachable.
  await page.goto('/auth/signin?refresh=true');
  expect(path(page)).toBe('/auth/signin');
});

test('/logout ends the session and lands on sign-in with return_to', async ({ page, baseURL }) => {
  await signInOverHttp(page, 'customer@example.com');
  await page.goto('/planner');
  expect(path(page)).toBe('/planner');

  const out = await page.goto('/logout');
  expect((await signInReturnTo(page, out)).guard).toBe(`${baseURL}/`);
  expect(chainOf(out).map((u) => u.pathname)).toContain('/self-service/logout');
  expect(await hasSession(page)).toBe(false);

  const again = await page.goto('/planner');
  expect((await signInReturnTo(page, again)).guard).toBe(`${baseURL}/planner`);
});

test('an anonymous user on an unknown path goes to sign-in without return_to', async ({ page }) => {
  const response = await page.goto('/gibt-es-nicht');
  expect(await signInReturnTo(page, response)).toEqual({ guard: null, flow: null });
});

test('anonymous /login goes to /auth/signin through /auth', async ({ page }) => {
  const response = await page.goto('/login');
  expect(path(page)).toBe('/auth/signin');
  expect(chainOf(response).map((u) => u.pathname).slice(0, 3)).toEqual(['/login', '/auth', '/auth/signin']);
});

test.describe('never an open redirect', () => {
  test('a foreign return_to on the sign-in screen never leaves our origin', async ({ page, baseURL }) => {
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(baseURL!)) foreign.push(r.url());
    });
    await page.goto('/auth/signin?return_to=https://evil.example/');
    await submitSignIn(page, 'customer@example.com');
    await expect.poll(() => hasSession(page)).toBe(true);
    await page.waitForLoadState('load');
    expect(new URL(page.url()).origin).toBe(baseURL);
    expect(foreign.filter((u) => u.includes('evil.example'))).toEqual([]);
  });

  test('/logout with a foreign return_to goes back to our own home instead', async ({ page, baseURL }) => {
    await signInOverHttp(page, 'customer@example.com');
    const response = await page.goto('/logout?return_to=https://evil.example/');
    expect((await signInReturnTo(page, response)).guard).toBe(`${baseURL}/`);
    expect(chainOf(response).every((u) => u.origin === baseURL)).toBe(true);
  });

  test('the identity service refuses a login flow that would return to another host', async ({ request }) => {
    const res = await request.get('/self-service/login/browser?return_to=https://evil.example/', { headers: { Accept: 'application/json' } });
    expect(res.status()).toBe(400);
    expect((await res.json()).error.id).toBe('self_service_flow_return_to_forbidden');
  });
});

test.describe('GET /api/v2/permission', () => {
  test('a customer with number 6 may use the map', async ({ request }) => {
    await signInOverHttp(request, 'customer@example.com');
    const res = await request.get('/api/v2/permission');
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({
      allow: { chooseCompany: false, exportData: true },
      UI: {
        menu: {
          assignedToMe: false,
          companyCenter: false,
          customerCenter: false,
          mapOverview: true,
          missionList: true,
          missionListBeta: false,
          pipeline: false,
          planner: true,
          storage: false,
          blurring: false,
          userCenter: false,
        },
        misc: { permissions: false, providerCompany: false, specialGroup: false },
      },
      write: { customer: false },
    });
  });

  test('a customer with number 7 may not use the map, though the role grants it', async ({ request }) => {
    await signInOverHttp(request, 'customer2@example.com');
    const body = await (await request.get('/api/v2/permission')).json();
    expect(body.UI.menu.mapOverview).toBe(false);
    expect(body.UI.menu.planner).toBe(true);
    expect(body.allow.exportData).toBe(true);
  });

  test('admin@ has every flag of the table', async ({ request }) => {
    await signInOverHttp(request, 'admin@example.com');
    const body = await (await request.get('/api/v2/permission')).json();
    expect(body.allow).toEqual({ chooseCompany: true, exportData: true });
    expect(Object.values(body.UI.menu).every((v) => v === true)).toBe(true);
    expect(Object.keys(body.UI.menu)).toHaveLength(11);
    expect(body.UI.misc.permissions).toBe(true);
    expect(body.write).toEqual({ customer: true });
  });

  test('anonymous is 401 unauthenticated', async ({ request }) => {
    const res = await request.get('/api/v2/permission');
    expect(res.status()).toBe(401);
    expect((await res.json()).error.code).toBe('unauthenticated');
  });
});

test.describe('the menu shows exactly the permitted entries', () => {
  const menuLinks = async (page: Page) => {
    const hrefs = new Set(MENU_ENTRIES.map((e) => e.href));
    const links = page.getByRole('navigation', { name: message('en', 'menu.label') }).getByRole('link');
    const all = await links.evaluateAll((as) => as.map((a) => ({ href: new URL((a as HTMLAnchorElement).href).pathname, text: a.textContent?.trim() })));
    return all.filter((l) => hrefs.has(l.href));
  };
  const expected = (keys: string[]) => keys.map((key) => ({ href: MENU_ENTRIES.find((e) => e.key === key)!.href, text: message('en', `menu.${key}`) }));

  test('customer@', async ({ page }) => {
    await signInOverHttp(page, 'customer@example.com');
    await page.goto('/mission-list');
    await expect(page.getByRole('navigation', { name: message('en', 'menu.label') })).toBeVisible();
    expect(await menuLinks(page)).toEqual(expected(['planner', 'missions', 'map']));
  });

  test('customer2@ (no map view)', async ({ page }) => {
    await signInOverHttp(page, 'customer2@example.com');
    await page.goto('/mission-list');
    await expect(page.getByRole('navigation', { name: message('en', 'menu.label') })).toBeVisible();
    expect(await menuLinks(page)).toEqual(expected(['planner', 'missions']));
  });

  test('admin@', async ({ page }) => {
    await signInOverHttp(page, 'admin@example.com');
    await page.goto('/mission-list-beta');
    await expect(page.getByRole('navigation', { name: message('en', 'menu.label') })).toBeVisible();
    expect(await menuLinks(page)).toEqual(expected(MENU_ENTRIES.map((e) => e.key)));
  });
});

test.describe('a guarded screen in both languages', () => {
  const roleMissing = germanFor("Your account hasn't been assigned a role yet.");

  test.describe('German', () => {
    test.use({ locale: 'de-DE' });
    test('/default-role-missing', async ({ page }) => {
      await signInOverHttp(page, 'norole@example.com');
      await page.goto('/planner');
      expect(path(page)).toBe('/default-role-missing');
      await expect(page.getByText(roleMissing.de)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    });
  });

  test.describe('English', () => {
    test.use({ locale: 'en-US' });
    test('/default-role-missing', async ({ page }) => {
      await signInOverHttp(page, 'norole@example.com');
      await page.goto('/planner');
      expect(path(page)).toBe('/default-role-missing');
      await expect(page.getByText(roleMissing.en)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });
  });
});
