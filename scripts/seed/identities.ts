/**
 * The demo identities (issue 3, item 10), created through the identity admin API so the same code
 * works against the embedded service and a real Kratos. Idempotent: an existing identity is kept;
 * only its metadata_public (role, roles, customerID, customer_uuid) is corrected when it differs.
 */
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { DEMO_IDENTITY_CUSTOMERS, DEMO_PROFILES } from './demo-profiles';

interface AdminIdentity {
  id: string;
  metadata_public: Record<string, unknown> | null;
}

async function call<T>(adminUrl: string, token: string | undefined, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${adminUrl.replace(/\/$/, '')}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`identity admin ${method} ${path} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function names(email: string): { first: string; last: string } {
  const display = DEMO_PROFILES.find((p) => p.email === email)?.displayName ?? email.split('@')[0] ?? '';
  const [first = '', ...rest] = display.split(' ');
  return { first, last: rest.join(' ') };
}

function wantedMetadata(email: string, roles: string[]): Record<string, unknown> {
  const customer = DEMO_IDENTITY_CUSTOMERS[email];
  return { role: roles[0] ?? null, roles, ...(customer ? { customerID: customer.customerNumber, customer_uuid: customer.customerUuid } : {}) };
}

/** Creates the 8 demo identities when missing; returns e-mail → identity id. */
export async function seedIdentities(adminUrl: string, adminToken?: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const account of DEMO_ACCOUNTS) {
    const metadata = wantedMetadata(account.email, account.roles);
    const found = await call<AdminIdentity[]>(adminUrl, adminToken, 'GET', `/admin/identities?credentials_identifier=${encodeURIComponent(account.email)}`);
    const existing = found[0];
    if (existing) {
      const current = existing.metadata_public ?? {};
      const merged = { ...current, ...metadata };
      if (JSON.stringify(merged) !== JSON.stringify(current)) {
        await call(adminUrl, adminToken, 'PATCH', `/admin/identities/${existing.id}`, [{ op: 'replace', path: '/metadata_public', value: merged }]);
      }
      out[account.email] = existing.id;
      continue;
    }
    const created = await call<AdminIdentity>(adminUrl, adminToken, 'POST', '/admin/identities', {
      schema_id: 'default',
      state: 'active',
      traits: { email: account.email, name: names(account.email) },
      metadata_public: metadata,
      credentials: { password: { config: { password: DEMO_PASSWORD } } },
      verifiable_addresses: [{ value: account.email, via: 'email', verified: account.verified, status: account.verified ? 'completed' : 'pending' }],
      recovery_addresses: [{ value: account.email, via: 'email' }],
    });
    out[account.email] = created.id;
  }
  return out;
}
