import { expect, test, type Browser, type Page } from '@playwright/test';
import { hasSession, signInOverHttp } from '../support/e2e/sign-in-over-http';
import { withDb } from './support/db';
import { adminHeaders, adminUrl, createIdentity, DEMO_PASSWORD, signIn, uniqueEmail } from './support/identity';

/**
 * Issue 8 items 3–6 end to end: an admin invites a user for seeded customer 20, the invitee sets a
 * password with the one-time code of the invitation e-mail (read from the app's outbox), signs in and sees only what their company may see;
 * a role changed on the permissions screen changes the menu after a reload; a deactivated user
 * loses their session and cannot sign in. Roles and users are created fresh, so other specs keep
 * the seeded table.
 */
test.use({ locale: 'en-US', timezoneId: 'Europe/Berlin' });

async function asAdmin(page: Page, path: string): Promise<void> {
  await signInOverHttp(page, 'admin@example.com');
  await page.goto(path);
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'en-US', timezoneId: 'Europe/Berlin' });
  return context.newPage();
}

interface AdminIdentity {
  id: string;
  state: string;
  metadata_public: Record<string, unknown>;
}

async function identityOf(email: string): Promise<AdminIdentity> {
  const res = await fetch(`${adminUrl()}/admin/identities?credentials_identifier=${encodeURIComponent(email)}`, { headers: adminHeaders() });
  const found = ((await res.json()) as AdminIdentity[])[0];
  if (found) return found;
  // An invitee without a password yet has no credential identifier: look through all identities.
  const all = (await (await fetch(`${adminUrl()}/admin/identities?page_size=1000`, { headers: adminHeaders() })).json()) as (AdminIdentity & { traits: { email: string } })[];
  return all.find((i) => i.traits.email === email)!;
}

/** The one invitation mail to this address in the app's outbox (mail_outbox): its link and code. */
async function invitationFromOutbox(email: string): Promise<{ link: string; code: string }> {
  const rows = await withDb(async (db) => (await db.query<{ subject: string; body: string }>('select subject, body from mail_outbox where recipient = $1', [email])).rows);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.subject).toBe('Your invitation to Argus');
  const body = rows[0]!.body;
  const link = body.match(/Open this link:\n\s+(\S+)/)?.[1];
  const code = body.match(/Enter this code:\n\s+(\S+)/)?.[1];
  expect(link, body).toBeDefined();
  expect(code, body).toBeDefined();
  return { link: link!, code: code! };
}

/**
 * Sets the password over HTTP (spec §7 settings: method password) in a fresh settings flow of the
 * session the recovery code just started (it is privileged for a while, so no re-authentication).
 */
async function setPasswordOverHttp(page: Page, password: string): Promise<void> {
  const created = await page.request.get('/self-service/settings/browser', { headers: { Accept: 'application/json' } });
  expect(created.status(), await created.text()).toBe(200);
  const flow = (await created.json()) as { id: string; ui: { nodes: { attributes: { name?: string; value?: unknown } }[] } };
  const csrf = flow.ui.nodes.find((n) => n.attributes.name === 'csrf_token')?.attributes.value;
  const res = await page.request.post(`/self-service/settings?flow=${flow.id}`, { headers: { Accept: 'application/json' }, data: { method: 'password', password, csrf_token: csrf } });
  expect(res.status(), await res.text()).toBe(200);
}

test('an admin invites a customer user; with the one-time code they set a password, sign in and see only their company’s missions', async ({ page, browser }) => {
  const email = uniqueEmail('invitee');
  await asAdmin(page, '/user-center');
  await expect(page).toHaveTitle('Argus | Users');
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('First name').fill('Ida');
  await dialog.getByLabel('Last name').fill('Invite');
  const customer = dialog.getByLabel('Customer (customer number)');
  await expect(customer.locator('option', { hasText: /^20 · / })).toHaveCount(1);
  await customer.selectOption({ label: (await customer.locator('option', { hasText: /^20 · / }).textContent())! });
  await dialog.getByLabel('customer (level 20)').check();
  await dialog.getByRole('button', { name: 'Invite' }).click();

  // The invitee gets link and code by e-mail: read them from the app's outbox, where every mail is
  // stored (delivered through SMTP when SMTP_URL is set). The dialog names the address and still
  // shows the same code once, for handing over.
  await expect(page.getByTestId('invitation-mail')).toContainText(email);
  const { link, code } = await invitationFromOutbox(email);
  expect(code).toMatch(/^\d{6}$/);
  await expect(page.getByTestId('invitation-code')).toHaveText(code);

  // The identity admin API holds what the invitation wrote (spec §3 metadata_public).
  const identity = await identityOf(email);
  expect(identity.metadata_public).toMatchObject({ roles: ['customer'], role: 'customer', customerID: 20 });
  expect(identity.metadata_public.customer_uuid).toEqual(expect.any(String));
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId(`user-${email}`)).toContainText('20 · ');

  // The invitee, in their own browser: link → code → signed in on the profile → password.
  const invitee = await newPage(browser);
  await invitee.goto(link);
  await invitee.waitForURL(/\/auth\/(verify-)?recovery\?flow=/);
  await invitee.getByLabel('Recovery code', { exact: true }).fill(code);
  await invitee.getByRole('button', { name: 'Continue' }).click();
  // The end state, not one navigation's load (the identity service's redirects may replace a
  // navigation on the way), nor the flow id in the address (the page drops it once it has read it).
  await expect(invitee).toHaveURL(/\/profile(\?flow=|$)/);
  await expect(invitee.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await setPasswordOverHttp(invitee, 'Harbor-Violet-2026!');
  await invitee.goto('/logout');
  await invitee.waitForURL(/\/auth\/signin/);

  await signIn(invitee, email, 'Harbor-Violet-2026!');
  const answer = await invitee.request.get('/api/v2/missions?limit=200');
  expect(answer.status()).toBe(200);
  const missions = ((await answer.json()) as { items: { id: number; companyId: number }[] }).items;
  const allowed = await withDb(async (db) => {
    const own = await db.query<{ company_id: string; customer_id: string }>('select company_id, id as customer_id from customer where customer_number = 20');
    const shared = await db.query<{ mission_id: string }>('select mission_id from mission_share where customer_id = $1', [own.rows[0]!.customer_id]);
    return { companyId: Number(own.rows[0]!.company_id), shared: new Set(shared.rows.map((r) => Number(r.mission_id))) };
  });
  expect(missions.filter((m) => m.companyId === allowed.companyId).length).toBeGreaterThan(0);
  for (const mission of missions) expect(mission.companyId === allowed.companyId || allowed.shared.has(mission.id), `mission ${mission.id}`).toBe(true);
});

test('a flag taken from a role on the permissions screen disappears from its holders’ menu after a reload', async ({ page, browser }) => {
  const role = `e2e-${Date.now().toString(36)}`;
  await asAdmin(page, '/user-center/permissions');
  await expect(page).toHaveTitle('Argus | Permissions');
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Permissions' })).toBeVisible();
  await page.getByRole('button', { name: 'New role' }).click();
  await page.getByLabel('Name').fill(role);
  await page.getByLabel('User level').fill('15');
  await page.getByLabel('Start with the permissions of').selectOption('customer');
  await page.getByRole('button', { name: 'Create' }).click();
  const planner = page.getByLabel(`${role}: UI.menu.planner`);
  await expect(planner).toBeChecked();

  const email = uniqueEmail('role-holder');
  await createIdentity(email, DEMO_PASSWORD, { roles: [role] });
  const holder = await newPage(browser);
  await signInOverHttp(holder, email);
  await holder.goto('/mission-list');
  const menu = holder.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Mission planner' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Missions', exact: true })).toBeVisible();

  // The box is controlled by the saved table: it flips once the server has stored the change.
  await planner.click();
  await expect(page.getByText(`Role ${role} saved.`)).toBeVisible();
  await expect(planner).not.toBeChecked();

  await holder.reload();
  await expect(menu.getByRole('link', { name: 'Missions', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Mission planner' })).toHaveCount(0);
  const permission = (await (await holder.request.get('/api/v2/permission')).json()) as { UI: { menu: { planner: boolean } } };
  expect(permission.UI.menu.planner).toBe(false);
});

test('a deactivated user loses their session and cannot sign in; built-in roles cannot be deleted', async ({ page, browser }) => {
  const email = uniqueEmail('deactivate');
  await createIdentity(email, DEMO_PASSWORD, { roles: ['customer'], customerID: 20 });
  const user = await newPage(browser);
  await signInOverHttp(user, email);
  expect(await hasSession(user)).toBe(true);

  await asAdmin(page, '/user-center');
  await page.getByLabel('Search users').fill(email);
  const row = page.getByTestId(`user-${email}`);
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(row).toContainText('Deactivated');
  expect((await identityOf(email)).state).toBe('inactive');

  expect(await hasSession(user)).toBe(false);
  await user.goto('/mission-list');
  await user.waitForURL(/\/auth\/signin/);
  await user.getByLabel('Email').fill(email);
  await user.getByLabel('Password').fill(DEMO_PASSWORD);
  const refusedSignIn = user.waitForResponse((r) => r.url().includes('/self-service/login?flow=') && r.request().method() === 'POST');
  await user.getByRole('button', { name: 'Sign in', exact: true }).click();
  expect((await refusedSignIn).status()).toBeGreaterThanOrEqual(400);
  await expect(user).toHaveURL(/\/auth\/signin/);
  expect(await hasSession(user)).toBe(false);

  // The API refuses deleting a built-in role (the screen offers no button for it).
  const refused = await page.request.delete('/api/v2/roles/customer', { headers: { Origin: new URL(page.url()).origin } });
  expect(refused.status()).toBe(409);
  await page.goto('/user-center/permissions');
  await expect(page.getByTestId('role-customer').getByRole('button', { name: 'Delete' })).toHaveCount(0);
});

test('users without the flags get neither screen nor API', async ({ page }) => {
  await signInOverHttp(page, 'manager@example.com');
  expect((await page.goto('/user-center'))?.status()).toBe(404);
  expect((await page.goto('/user-center/permissions'))?.status()).toBe(404);
  expect((await page.request.get('/api/v2/admin/users')).status()).toBe(403);
  expect((await page.request.get('/api/v2/roles')).status()).toBe(403);
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' })).toHaveCount(0);
});
