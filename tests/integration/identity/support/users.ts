import type { FrontendApi } from '@ory/client-fetch';
import type { Browser } from './browser';
import { csrfOf, STRONG_PASSWORD, uniqueEmail } from './flows';
import { adminHeaders } from './server';

/** Signs a new user up through the browser registration flow (SPA style); returns the e-mail. */
export async function registerInBrowser(browser: Browser, api: FrontendApi, email = uniqueEmail(), password = STRONG_PASSWORD): Promise<string> {
  const flow = await api.createBrowserRegistrationFlow();
  await api.updateRegistrationFlow({
    flow: flow.id,
    updateRegistrationFlowBody: { method: 'password', password, traits: { email, name: { first: 'Ann', last: 'Lee' } }, csrf_token: csrfOf(flow) },
  });
  return email;
}

/** Creates an identity with a password through the admin API. */
export async function createUser(adminUrl: string, email = uniqueEmail(), password = STRONG_PASSWORD, verified = true): Promise<{ id: string; email: string }> {
  const res = await fetch(`${adminUrl}/admin/identities`, {
    method: 'POST',
    headers: adminHeaders({ 'Content-Type': 'application/json' }),
    body: JSON.stringify({
      schema_id: 'default',
      traits: { email, name: { first: 'Ann', last: 'Lee' } },
      credentials: { password: { config: { password } } },
      verifiable_addresses: [{ value: email, verified, via: 'email', status: verified ? 'completed' : 'pending' }],
    }),
  });
  if (res.status !== 201) throw new Error(`create identity failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { id: string };
  return { id: body.id, email };
}

/** The newest courier message to `email` and the 6-digit code in it. */
export async function latestCode(adminUrl: string, email: string): Promise<string> {
  const res = await fetch(`${adminUrl}/admin/courier/messages?recipient=${encodeURIComponent(email)}`, { headers: adminHeaders() });
  const list = (await res.json()) as { body: string }[];
  const code = list[0]?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}
