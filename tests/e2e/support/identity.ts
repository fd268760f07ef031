import { expect, type Page } from '@playwright/test';

/** The identity service's admin API of the app under test (never reachable from the browser). */
export function adminUrl(): string {
  const url = process.env.KRATOS_ADMIN_URL;
  if (!url) throw new Error('KRATOS_ADMIN_URL is not set; run end-to-end tests through `npm test`.');
  return url;
}

/** Headers for an admin API call: the bearer token `npm test` generated for this run. */
export function adminHeaders(extra: Record<string, string> = {}): Record<string, string> {
  const token = process.env.KRATOS_ADMIN_TOKEN;
  if (!token) throw new Error('KRATOS_ADMIN_TOKEN is not set; run end-to-end tests through `npm test`.');
  return { Authorization: `Bearer ${token}`, ...extra };
}

export const DEMO_PASSWORD = 'Argus-Demo-2026!';

export const uniqueEmail = (prefix = 'e2e') => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The 6-digit code of the newest mail to `email`, waiting for it to arrive. */
export async function latestCode(email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await fetch(`${adminUrl()}/admin/courier/messages?recipient=${encodeURIComponent(email)}`, { headers: adminHeaders() });
      const list = (await res.json()) as { body: string }[];
      code = list[0]?.body.match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** Creates a verified password identity through the admin API; returns its id. */
export async function createIdentity(email: string, password: string, metadataPublic: Record<string, unknown> = { roles: ['customer'] }, verified = true): Promise<string> {
  const res = await fetch(`${adminUrl()}/admin/identities`, {
    method: 'POST',
    headers: adminHeaders({ 'Content-Type': 'application/json' }),
    body: JSON.stringify({
      schema_id: 'default',
      traits: { email, name: { first: 'Erika', last: 'Muster' } },
      metadata_public: metadataPublic,
      credentials: { password: { config: { password } } },
      verifiable_addresses: [{ value: email, verified, via: 'email', status: verified ? 'completed' : 'pending' }],
    }),
  });
  if (res.status !== 201) throw new Error(`create identity failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/**
 * Signs in through the sign-in screen with the given account (a page of the app must not be
 * open with a session already). Lands wherever the guard sends the user.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, path = '/auth/signin'): Promise<void> {
  await page.goto(path);
  await page.getByLabel(/^(E-Mail|Email)$/i).fill(email);
  await page.getByLabel(/^(Passwort|Password)$/i).fill(password);
  await page.getByRole('button', { name: /^(Anmelden|Sign in)$/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/signin'));
}
