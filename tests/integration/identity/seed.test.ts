import { DEMO_CUSTOMER_UUIDS } from '../../../scripts/seed/demo-profiles';
import { seedIdentities } from '../../../scripts/seed/identities';
import { Browser } from './support/browser';
import { csrfOf } from './support/flows';
import { adminHeaders, startIdentity, TEST_ADMIN_TOKEN, type IdentityProcess } from './support/server';

let idp: IdentityProcess;
beforeAll(async () => {
  idp = await startIdentity();
});
afterAll(async () => idp.stop());

describe('demo identities', () => {
  it('are created idempotently with roles in metadata_public, and can sign in with the demo password', async () => {
    const first = await seedIdentities(idp.adminUrl, TEST_ADMIN_TOKEN);
    const second = await seedIdentities(idp.adminUrl, TEST_ADMIN_TOKEN);
    expect(Object.keys(first).sort()).toEqual(
      ['admin', 'customer', 'customer2', 'external', 'manager', 'norole', 'operator', 'unverified'].map((n) => `${n}@example.com`).sort(),
    );
    expect(second).toEqual(first);
    const customer = await (await fetch(`${idp.adminUrl}/admin/identities/${first['customer@example.com']}`, { headers: adminHeaders() })).json();
    expect(customer.metadata_public).toMatchObject({ role: 'customer', roles: ['customer'], customerID: 6, customer_uuid: DEMO_CUSTOMER_UUIDS[6] });
    expect(customer.verifiable_addresses[0].verified).toBe(true);
    const unverified = await (await fetch(`${idp.adminUrl}/admin/identities/${first['unverified@example.com']}`, { headers: adminHeaders() })).json();
    expect(unverified.verifiable_addresses[0].verified).toBe(false);
    const norole = await (await fetch(`${idp.adminUrl}/admin/identities/${first['norole@example.com']}`, { headers: adminHeaders() })).json();
    expect(norole.metadata_public).toMatchObject({ roles: [] });

    const api = new Browser().frontend(idp.publicUrl);
    const flow = await api.createBrowserLoginFlow();
    const ok = await api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: 'admin@example.com', password: 'Argus-Demo-2026!', csrf_token: csrfOf(flow) } });
    expect(ok.session.identity?.metadata_public).toMatchObject({ role: 'admin', roles: ['admin'] });
  });
});
