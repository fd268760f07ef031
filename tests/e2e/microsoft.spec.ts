import { expect, test, type Page } from '@playwright/test';
import { adminIdentity, viaProvider } from '../support/e2e/microsoft';
import { message } from '../support/e2e/messages';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';
import { createIdentity, uniqueEmail } from './support/identity';

// "Sign in with Microsoft" end to end (issue 4 item 7) against the real local OpenID provider that
// scripts/test.ts starts in place of Microsoft Entra ID (docs/identity-microsoft.md).
test.use({ locale: 'en-US' });

const PASSWORD = 'Lange-Reise-nach-Argus-2026!';
const microsoftButton = (page: Page) => page.getByRole('button', { name: 'Sign in with Microsoft' });

interface WhoAmI {
  identity: { id: string; traits: { email: string; name?: { first?: string; last?: string } } };
  authentication_methods?: { method: string; provider?: string }[];
}
async function whoami(page: Page): Promise<WhoAmI | null> {
  const res = await page.request.get('/sessions/whoami', { headers: { Accept: 'application/json' } });
  return res.status() === 200 ? ((await res.json()) as WhoAmI) : null;
}

test('link Microsoft in the profile, sign in with it, unlink it', async ({ page, baseURL }) => {
  const email = uniqueEmail('ms-link');
  const id = await createIdentity(email, PASSWORD, { roles: ['customer'] });
  // The local provider's subject is the login name (tests/support/openid-provider/op-process.mjs).
  const microsoftIdentifier = `microsoft:${email}`;
  await signInOverHttp(page, email, PASSWORD);

  // Link: the profile sends the browser to the provider and back.
  await page.goto('/profile');
  await expect(page.getByText(message('en', 'profile.microsoft.unlinked'))).toBeVisible();
  await viaProvider(page, email, baseURL!, () => page.getByRole('button', { name: message('en', 'profile.microsoft.link') }).click());
  await expect(page).toHaveURL((url) => url.pathname === '/profile');
  await expect(page.getByText(message('en', 'profile.microsoft.linked'))).toBeVisible();
  expect((await adminIdentity(id)).credentials.oidc?.identifiers).toEqual([microsoftIdentifier]);

  // Sign out, then "Sign in with Microsoft" signs in as that same identity.
  await page.goto('/logout');
  await expect(page).toHaveURL((url) => url.pathname === '/auth/signin');
  expect(await whoami(page)).toBeNull();
  await viaProvider(page, email, baseURL!, () => microsoftButton(page).click());
  await expect(page).toHaveURL((url) => url.pathname === '/planner');
  const session = await whoami(page);
  expect(session?.identity.id).toBe(id);
  expect(session?.authentication_methods?.at(-1)).toMatchObject({ method: 'oidc', provider: 'microsoft' });

  // Unlink in the profile: the password stays the way in.
  await page.goto('/profile');
  await page.getByRole('button', { name: message('en', 'profile.microsoft.unlink') }).click();
  await expect(page.getByText(message('en', 'profile.messages.unlinked'))).toBeVisible();
  await expect(page.getByText(message('en', 'profile.microsoft.unlinked'))).toBeVisible();
  expect((await adminIdentity(id)).credentials.oidc?.identifiers ?? []).not.toContain(microsoftIdentifier);
});

test('a first Microsoft sign-in with a new e-mail creates the account', async ({ page, baseURL }) => {
  const email = uniqueEmail('ms-new');
  await page.goto('/auth/signin');
  await viaProvider(page, email, baseURL!, () => microsoftButton(page).click());

  // A new account has no role yet: the guard shows the role-missing page.
  await expect(page).toHaveURL((url) => url.pathname === '/default-role-missing');
  const session = await whoami(page);
  expect(session?.identity.traits).toEqual({ email, name: { first: 'Olivia', last: 'Provider' } });
  const identity = await adminIdentity(session!.identity.id);
  expect(identity.verifiable_addresses[0]).toMatchObject({ value: email, verified: true });
  expect(identity.credentials.oidc?.identifiers).toEqual([`microsoft:${email}`]);
  expect(identity.credentials.password).toBeUndefined();
});
