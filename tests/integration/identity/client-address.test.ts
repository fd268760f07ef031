import { Client } from 'pg';
import { Browser } from './support/browser';
import { csrfOf, failure, STRONG_PASSWORD, uniqueEmail } from './support/flows';
import { startIdentity, type IdentityProcess } from './support/server';
import { createUser } from './support/users';

/** A documentation-range address of its own per call, so earlier runs against the same database do not count. */
const address = () => `198.51.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

async function signIn(publicUrl: string, identifier: string, password: string, forwardedFor: string) {
  const api = new Browser().frontend(publicUrl, { 'X-Forwarded-For': forwardedFor });
  const flow = await api.createBrowserLoginFlow();
  return api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier, password, csrf_token: csrfOf(flow) } });
}

describe('client address behind the app proxy (trusted loopback, default limits)', () => {
  let idp: IdentityProcess;
  beforeAll(async () => {
    // As under `npm start`: the app proxies from loopback, which the service trusts.
    idp = await startIdentity({ TRUSTED_PROXIES: '127.0.0.1,::1', IDENTITY_RATE_LIMIT_IDENTIFIER: '10/60', IDENTITY_RATE_LIMIT_ADDRESS: '60/60' });
  });
  afterAll(async () => idp.stop());

  it('61 failed sign-ins for one account leave another account able to sign in', async () => {
    const victim = await createUser(idp.adminUrl, uniqueEmail('attacked'));
    const other = await createUser(idp.adminUrl, uniqueEmail('bystander'));
    const attacker = address();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await failure(signIn(idp.publicUrl, victim.email, 'Wrong-Password-1!', attacker))).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    // Another user behind the same proxy (another browser address) signs in as usual.
    const done = await signIn(idp.publicUrl, other.email, STRONG_PASSWORD, address());
    expect(done.session.identity?.id).toBe(other.id);
  }, 60_000);
});

describe('X-Forwarded-For from an untrusted peer (no TRUSTED_PROXIES)', () => {
  let idp: IdentityProcess;
  let db: Client;
  beforeAll(async () => {
    idp = await startIdentity({ IDENTITY_RATE_LIMIT_IDENTIFIER: '1000/60', IDENTITY_RATE_LIMIT_ADDRESS: '3/60' });
    db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await idp.stop();
  });

  it('is ignored: the peer address is counted, so spoofing does not escape the limit', async () => {
    // The loopback bucket is shared with the other suites on this database: start it empty.
    await db.query("DELETE FROM identity.rate_limits WHERE key LIKE 'login:ip:%'");
    const spoofed = [address(), address(), address(), address()];
    const statuses: number[] = [];
    for (const forged of spoofed) statuses.push((await failure(signIn(idp.publicUrl, uniqueEmail('spoof'), 'Wrong-Password-1!', forged))).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
    const keys = (await db.query<{ key: string }>("SELECT key FROM identity.rate_limits WHERE key LIKE 'login:ip:%'")).rows.map((r) => r.key);
    expect(keys).toEqual(['login:ip:127.0.0.1']);
  });
});
