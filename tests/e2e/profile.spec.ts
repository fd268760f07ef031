import { expect, test, type Page } from '@playwright/test';
import { germanFor, message } from '../support/e2e/messages';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';
import { withDb } from './support/db';
import { createIdentity, signIn, uniqueEmail } from './support/identity';

// spec §2 profile and /default-role-missing, §4 settings flow, §5 password rules, §8 Profile
// messages. Changes are made on a fresh identity per test so seeded accounts stay as they are.
test.use({ locale: 'en-US' });

const INITIAL_PASSWORD = 'Start-Passwort-42!';

/** A fresh verified customer identity, signed in over HTTP (the sign-in screen has its own tests). */
async function freshUser(page: Page, prefix: string): Promise<string> {
  return (await freshIdentity(page, prefix)).email;
}

async function freshIdentity(page: Page, prefix: string): Promise<{ email: string; id: string }> {
  const email = uniqueEmail(`profile-${prefix}-${test.info().workerIndex}`);
  const id = await createIdentity(email, INITIAL_PASSWORD, { roles: ['customer'] });
  await signInOverHttp(page, email, INITIAL_PASSWORD);
  return { email, id };
}

/** Makes the identity's sessions older than the privileged age (15 min), as if signed in long ago. */
const ageSessions = (identityId: string) =>
  withDb((db) => db.query("UPDATE identity.sessions SET authenticated_at = now() - interval '1 hour' WHERE identity_id = $1", [identityId]));

const menu = (page: Page) => page.getByRole('navigation', { name: message('en', 'menu.label') });

/** Opens the profile; the page starts a settings flow and comes back with it. */
async function openProfile(page: Page) {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page).toHaveTitle('Argus | Profile');
}

test('updating first and last name says "Profile updated." and the new name persists', async ({ page }) => {
  const email = await freshUser(page, 'name');
  await openProfile(page);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('First name')).toHaveValue('Erika');
  await page.getByLabel('First name').fill('Erna');
  await page.getByLabel('Last name').fill('Neumann');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profile updated.' })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Erna');
  await expect(page.getByLabel('Last name')).toHaveValue('Neumann');
  // The shell names the signed-in user with the saved name.
  await expect(menu(page).getByText('Erna Neumann')).toBeVisible();
  await expect(menu(page).getByText(email)).toBeVisible();
});

test('a profile the identity schema refuses keeps what the user typed and shows why', async ({ page }) => {
  await freshUser(page, 'invalid');
  await openProfile(page);
  await page.getByLabel('First name').fill('Typed by hand');
  // The identity schema allows at most 256 characters per name.
  await page.getByLabel('Last name').fill('x'.repeat(257));
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByLabel('Last name')).toHaveAttribute('aria-invalid', 'true');
  // The reason is the field's description: its id and the reference are the same after hydration
  // (the server HTML's useId ids can differ from hydration's; text-input.tsx).
  await expect(page.getByLabel('Last name')).toHaveAccessibleDescription('Must be at most 256 characters long, but got 257.');
  await expect(page.locator('[data-type="error"]')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Typed by hand');
  await expect(page.getByLabel('Last name')).toHaveValue('x'.repeat(257));
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Erika');
});

test('changing the password: a wrong current password is refused, the right one works, and the new password signs in', async ({ page }) => {
  const { email, id } = await freshIdentity(page, 'password');
  // A stale session: the change goes through re-authentication with the current password.
  await ageSessions(id);
  const settings = await page.request.get('/self-service/settings/browser', { headers: { Accept: 'application/json' } });
  const flow = (await settings.json()) as { id: string; ui: { nodes: { attributes: { name?: string; value?: unknown } }[] } };
  const csrf = flow.ui.nodes.find((n) => n.attributes.name === 'csrf_token')?.attributes.value;
  const direct = await page.request.post(`/self-service/settings?flow=${flow.id}`, { headers: { Accept: 'application/json' }, data: { method: 'password', password: 'Direkt-Passwort-9!', csrf_token: csrf } });
  expect(((await direct.json()) as { error?: { id?: string } }).error?.id).toBe('session_refresh_required');
  await openProfile(page);
  const button = page.getByRole('button', { name: 'Change password' });
  await page.getByLabel('Current password').fill('Not-My-Password-1!');
  await page.getByLabel('New password', { exact: true }).fill('weak');
  await expect(button).toBeDisabled();
  const rules = page.getByRole('list', { name: message('en', 'auth.passwordRules.title') });
  await expect(rules.locator('li[data-met="false"]')).not.toHaveCount(0);
  await page.getByLabel('New password', { exact: true }).fill('Neues-Passwort-77!');
  await page.getByLabel('Repeat new password').fill('Neues-Passwort-77!');
  await expect(rules.locator('li[data-met="false"]')).toHaveCount(0);
  await button.click();
  const invalid = message('en', 'auth.kratosCodes.4000006');
  await expect(page.getByRole('alert').filter({ hasText: invalid })).toBeVisible();
  // Nothing changed: the typed values are still there for a second try.
  await expect(page.getByLabel('New password', { exact: true })).toHaveValue('Neues-Passwort-77!');

  await page.getByLabel('Current password').fill(INITIAL_PASSWORD);
  await button.click();
  await expect(page.getByRole('status').filter({ hasText: 'Password updated.' })).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');

  // Sign out through the menu, then the new password signs in and the old one no longer does.
  await menu(page).getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/auth/signin');
  const old = await page.request.get('/sessions/whoami', { headers: { Accept: 'application/json' } });
  expect(old.status()).toBe(401);
  await signIn(page, email, 'Neues-Passwort-77!');
  await expect(page).not.toHaveURL(/\/auth\//);
});

test('after signing in again (a stale session goes through logout with return_to) the user is back on the profile', async ({ page, baseURL }) => {
  const email = await freshUser(page, 'return');
  await page.goto(`/logout?return_to=${encodeURIComponent(`${baseURL}/profile`)}`);
  await expect(page).toHaveURL((url) => url.pathname === '/auth/signin');
  await page.getByLabel(/^(E-Mail|Email)$/i).fill(email);
  await page.getByLabel(/^(Passwort|Password)$/i).fill(INITIAL_PASSWORD);
  await page.getByRole('button', { name: /^(Anmelden|Sign in)$/i }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/profile');
  await expect(page.getByLabel('First name')).toHaveValue('Erika');
});

test('the menu has the profile and logout for every signed-in user, and the profile opens from it', async ({ page }) => {
  await signInOverHttp(page, 'customer@example.com');
  await page.goto('/planner');
  await menu(page).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  // The company comes from Argus (the seed's company of customer 6).
  await expect(page.getByTestId('profile-company')).toHaveText('Hausverwaltung Nord GmbH');
  await expect(page.getByLabel('Email')).toHaveValue('customer@example.com');
});

test('without JavaScript the profile form posts to the settings flow and comes back saved', async ({ browser, baseURL }) => {
  const setup = await browser.newContext({ baseURL });
  const signedIn = await setup.newPage();
  await freshUser(signedIn, 'nojs');
  const storageState = await setup.storageState();
  await setup.close();
  const context = await browser.newContext({ baseURL, storageState, javaScriptEnabled: false, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/profile\?flow=/);
  await page.getByLabel('First name').fill('Ohne');
  await page.getByLabel('Last name').fill('Skript');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page).toHaveURL(/\/profile\?flow=/);
  await expect(page.getByRole('status').filter({ hasText: 'Profile updated.' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Ohne');
  await expect(page.getByLabel('Last name')).toHaveValue('Skript');
  await context.close();
});

test.describe('a user without a role', () => {
  const text = germanFor("Your account hasn't been assigned a role yet.");

  test('sees the role-missing page with a way to sign out (English)', async ({ page }) => {
    await signIn(page, 'norole@example.com');
    await expect(page).toHaveURL((url) => url.pathname === '/default-role-missing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.en);
    await expect(page).toHaveTitle('Argus | Role missing');
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/logout');
    await expect(menu(page).getByRole('link', { name: 'Profile' })).toBeVisible();
  });

  test.describe('in German', () => {
    test.use({ locale: 'de-DE' });
    test('sees the role-missing text in German and signs out', async ({ page }) => {
      await signInOverHttp(page, 'norole@example.com');
      await page.goto('/default-role-missing');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.de);
      await expect(page).toHaveTitle(`Argus | ${message('de', 'views.defaultRoleMissing')}`);
      await page.getByRole('main').getByRole('link', { name: message('de', 'roleMissing.signOut') }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/auth/signin');
    });
  });
});
