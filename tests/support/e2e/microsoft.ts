import { expect, type Page } from '@playwright/test';
import { adminHeaders, adminUrl } from '../../e2e/support/identity';

/** The local OpenID provider standing in for Microsoft Entra ID (scripts/test.ts starts it). */
export function microsoftIssuer(): string {
  const issuer = process.env.E2E_OIDC_ISSUER;
  if (!issuer) throw new Error('E2E_OIDC_ISSUER is not set; run end-to-end tests through `npm test`.');
  return issuer;
}

/**
 * Runs `start` (the click that sends the browser to the provider), then plays the user there:
 * signs in as `login` (the login name is the e-mail the ID token will carry) and grants consent,
 * whichever of the two the provider asks for, until the browser is back on `origin`.
 */
export async function viaProvider(page: Page, login: string, origin: string, start: () => Promise<void>): Promise<void> {
  const issuer = microsoftIssuer();
  const atProvider = page.waitForRequest((r) => r.url().startsWith(issuer) && r.isNavigationRequest());
  // The next document the page loads: the provider's login or consent page, or (signed in there and
  // consent given) ours again at the end of the redirects. Waiting for a URL instead would race: the
  // page still shows the document that started it until the provider answers.
  const nextDocument = page.waitForEvent('load');
  await start();
  await atProvider;
  await nextDocument;
  for (let step = 0; step < 4 && page.url().startsWith(issuer); step++) {
    const loginField = page.locator('input[name="login"]');
    const consent = page.getByRole('button', { name: 'Continue' });
    await expect(loginField.or(consent)).toBeVisible();
    const before = page.url();
    if (await loginField.isVisible()) {
      await loginField.fill(login);
      await page.locator('input[name="password"]').fill('any password');
      await page.getByRole('button', { name: 'Sign-in' }).click();
    } else {
      await consent.click();
    }
    await page.waitForURL((url) => url.href !== before, { waitUntil: 'commit' });
  }
  await page.waitForURL((url) => url.href.startsWith(origin));
}

/** The identity as the admin API shows it (traits, addresses, credentials). */
export async function adminIdentity(id: string): Promise<{
  traits: { email: string; name?: { first?: string; last?: string } };
  verifiable_addresses: { value: string; verified: boolean }[];
  credentials: Record<string, { identifiers: string[] }>;
}> {
  const res = await fetch(`${adminUrl()}/admin/identities/${id}`, { headers: adminHeaders() });
  expect(res.status).toBe(200);
  return res.json();
}
