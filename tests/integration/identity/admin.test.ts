import type { Identity, Message, RecoveryCodeForIdentity } from '@ory/client-fetch';
import { admin, Browser } from './support/browser';
import { csrfOf, failure, STRONG_PASSWORD, uniqueEmail } from './support/flows';
import { startIdentity, TEST_ADMIN_TOKEN, type IdentityProcess } from './support/server';

let idp: IdentityProcess;
let closed: IdentityProcess;
beforeAll(async () => {
  idp = await startIdentity();
  closed = await startIdentity({ KRATOS_ADMIN_TOKEN: '' });
});
afterAll(async () => {
  await idp.stop();
  await closed.stop();
});

describe('admin API', () => {
  it('creates, gets, lists (filtered by identifier, paged), updates, patches and deletes identities', async () => {
    const { identity: api } = admin(idp.adminUrl);
    const email = uniqueEmail('admin');
    const created: Identity = await api.createIdentity({
      createIdentityBody: {
        schema_id: 'default',
        traits: { email, name: { first: 'Ada', last: 'Admin' } },
        metadata_public: { role: 'admin', roles: ['admin'], customerID: 6 },
        credentials: { password: { config: { password: STRONG_PASSWORD } } },
        verifiable_addresses: [{ value: email, verified: true, via: 'email', status: 'completed' }],
      },
    });
    expect(created.state).toBe('active');
    expect(created.verifiable_addresses?.[0]).toMatchObject({ value: email, verified: true });
    expect(created.credentials?.password?.identifiers).toEqual([email]);
    const got = await api.getIdentity({ id: created.id });
    expect(got.metadata_public).toEqual({ role: 'admin', roles: ['admin'], customerID: 6 });
    const found = await api.listIdentities({ credentialsIdentifier: email.toUpperCase() });
    expect(found.map((i) => i.id)).toEqual([created.id]);
    await api.createIdentity({ createIdentityBody: { schema_id: 'default', traits: { email: uniqueEmail('admin2') } } });
    const page = await api.listIdentitiesRaw({ pageSize: 1 });
    expect((await page.value()).length).toBe(1);
    expect(page.raw.headers.get('link')).toContain('rel="next"');
    const patched = await api.patchIdentity({
      id: created.id,
      jsonPatch: [
        { op: 'add', path: '/metadata_public/customer_uuid', value: '3f1c0e9e-0000-4000-8000-000000000001' },
        { op: 'replace', path: '/traits/name/first', value: 'Augusta' },
      ],
    });
    expect(patched.metadata_public).toMatchObject({ customer_uuid: '3f1c0e9e-0000-4000-8000-000000000001', role: 'admin' });
    expect(patched.traits).toMatchObject({ name: { first: 'Augusta' } });
    const updated = await api.updateIdentity({ id: created.id, updateIdentityBody: { schema_id: 'default', state: 'inactive', traits: patched.traits as object, metadata_public: { roles: [] } } });
    expect(updated.state).toBe('inactive');
    expect(updated.metadata_public).toEqual({ roles: [] });
    const conflict = await failure(api.createIdentity({ createIdentityBody: { schema_id: 'default', traits: { email } } }));
    expect(conflict.status).toBe(409);
    const invalid = await failure(api.createIdentity({ createIdentityBody: { schema_id: 'default', traits: { email: 'nope' } } }));
    expect(invalid.status).toBe(400);
    await api.deleteIdentity({ id: created.id });
    expect((await failure(api.getIdentity({ id: created.id }))).status).toBe(404);
  });

  it('lists and revokes the sessions of an identity', async () => {
    const { identity: api } = admin(idp.adminUrl);
    const email = uniqueEmail('sess');
    const created = await api.createIdentity({ createIdentityBody: { schema_id: 'default', traits: { email }, credentials: { password: { config: { password: STRONG_PASSWORD } } } } });
    const browser = new Browser();
    const front = browser.frontend(idp.publicUrl);
    const flow = await front.createBrowserLoginFlow();
    await front.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: email, password: STRONG_PASSWORD, csrf_token: csrfOf(flow) } });
    const sessions = await api.listIdentitySessions({ id: created.id, active: true });
    expect(sessions).toHaveLength(1);
    await api.deleteIdentitySessions({ id: created.id });
    expect((await failure(front.toSession())).status).toBe(401);
  });

  it('creates recovery codes that work in the browser and lists courier messages', async () => {
    const { identity: api, courier } = admin(idp.adminUrl);
    const email = uniqueEmail('rc');
    const created = await api.createIdentity({ createIdentityBody: { schema_id: 'default', traits: { email } } });
    const rc: RecoveryCodeForIdentity = await api.createRecoveryCodeForIdentity({ createRecoveryCodeForIdentityBody: { identity_id: created.id, expires_in: '15m' } });
    expect(rc.recovery_code).toMatch(/^\d{6}$/);
    const browser = new Browser();
    const visit = await browser.fetch(rc.recovery_link, { headers: { Accept: 'text/html' } });
    expect(visit.status).toBe(303);
    const flowId = new URL(rc.recovery_link).searchParams.get('flow') ?? '';
    const front = browser.frontend(idp.publicUrl);
    const flow = await front.getRecoveryFlow({ id: flowId });
    const done = await failure(front.updateRecoveryFlow({ flow: flowId, updateRecoveryFlowBody: { method: 'code', code: rc.recovery_code, csrf_token: csrfOf(flow) } }));
    expect(done.status).toBe(422);
    expect((await front.toSession()).identity?.id).toBe(created.id);
    // Recovery verified the address; like Kratos, asking to verify it again still mails a code.
    const fresh = uniqueEmail('courier');
    await api.createIdentity({ createIdentityBody: { schema_id: 'default', traits: { email: fresh } } });
    for (const address of [email, fresh]) {
      const vf = await front.createBrowserVerificationFlow();
      await front.updateVerificationFlow({ flow: vf.id, updateVerificationFlowBody: { method: 'code', email: address, csrf_token: csrfOf(vf) } });
    }
    const again = await courier.listCourierMessages({ recipient: email });
    expect(again.map((m) => m.template_type)).toEqual(['verification_code_valid']);
    const messages: Message[] = await courier.listCourierMessages({ recipient: fresh });
    expect(messages[0]).toMatchObject({ recipient: fresh, template_type: 'verification_code_valid', type: 'email', status: 'queued' });
    expect(messages[0]?.body).toMatch(/\d{6}/);
  });

  it('refuses admin calls from loopback without the configured token', async () => {
    const without = await fetch(`${idp.adminUrl}/admin/identities`);
    expect(without.status).toBe(401);
    expect(((await without.json()) as { error: { code: number } }).error.code).toBe(401);
    const wrong = await fetch(`${idp.adminUrl}/admin/identities`, { headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}x` } });
    expect(wrong.status).toBe(401);
    const withToken = await fetch(`${idp.adminUrl}/admin/identities`, { headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
    expect(withToken.status).toBe(200);
    expect((await fetch(`${idp.adminUrl}/health/alive`)).status).toBe(200);
  });

  it('keeps the admin API closed when no token is configured', async () => {
    expect((await fetch(`${closed.adminUrl}/admin/identities`)).status).toBe(401);
    expect((await fetch(`${closed.adminUrl}/admin/identities`, { headers: { Authorization: 'Bearer ' } })).status).toBe(401);
    expect((await fetch(`${closed.adminUrl}/health/ready`)).status).toBe(200);
  });
});
