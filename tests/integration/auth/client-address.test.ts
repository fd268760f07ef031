import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import { uniqueEmail } from '../identity/support/flows';
import { startIdentity, type IdentityProcess } from '../identity/support/server';

/**
 * The chain that gives the identity service's per-address rate limit the browser's address:
 * the peer preload (lib/server/net/peer-address.mjs) → the app's client address (TRUSTED_PROXIES
 * of the app) → the identity proxy's X-Forwarded-For → the service, which trusts the app on loopback.
 */
const root = join(__dirname, '..', '..', '..');

describe('the peer preload', () => {
  it('stamps the connection peer on every request, replacing a forged value', async () => {
    const server = `require('node:http').createServer((q, r) => r.end(q.headers['x-argus-peer-address'])).listen(0, '127.0.0.1', function () { console.log(this.address().port); });`;
    const child = spawn(process.execPath, ['--import', './lib/server/net/peer-address.mjs', '-e', server], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const port = await new Promise<string>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())));
      const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'x-argus-peer-address': '203.0.113.66', 'x-forwarded-for': '203.0.113.66' } });
      expect(await res.text()).toBe('127.0.0.1');
    } finally {
      child.kill();
    }
  });
});

describe('the identity proxy', () => {
  const APP = 'http://argus.test';
  let identity: IdentityProcess;
  let db: Client;
  const saved = { ...process.env };

  beforeAll(async () => {
    identity = await startIdentity({ IDENTITY_BASE_URL: `${APP}/`, IDENTITY_ALLOWED_RETURN_URLS: APP, TRUSTED_PROXIES: '127.0.0.1,::1' });
    db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
  });
  afterAll(async () => {
    process.env = saved;
    await db.end();
    await identity.stop();
  });

  /** A failed password sign-in through a freshly loaded proxy module; returns the address keys counted for it. */
  async function signInThroughProxy(appTrustedProxies: string | undefined, headers: Record<string, string>): Promise<string[]> {
    process.env = { ...saved, APP_URL: APP, KRATOS_PUBLIC_URL: identity.publicUrl, KRATOS_ADMIN_URL: identity.adminUrl, TRUSTED_PROXIES: appTrustedProxies };
    if (appTrustedProxies === undefined) delete process.env.TRUSTED_PROXIES;
    let proxy!: (request: Request) => Promise<Response>;
    jest.isolateModules(() => {
      ({ proxyToIdentity: proxy } = jest.requireActual<typeof import('@/lib/server/identity/proxy')>('@/lib/server/identity/proxy'));
    });
    await db.query("DELETE FROM identity.rate_limits WHERE key LIKE 'login:ip:%'");
    const json = { Accept: 'application/json', 'Content-Type': 'application/json', ...headers };
    const flow = (await (await proxy(new Request(`${APP}/self-service/login/api`, { headers: json }))).json()) as { id: string };
    const body = JSON.stringify({ method: 'password', identifier: uniqueEmail('chain'), password: 'Wrong-Password-1!' });
    const res = await proxy(new Request(`${APP}/self-service/login?flow=${flow.id}`, { method: 'POST', headers: json, body }));
    expect(res.status).toBe(400);
    return (await db.query<{ key: string }>("SELECT key FROM identity.rate_limits WHERE key LIKE 'login:ip:%'")).rows.map((r) => r.key);
  }

  it('forwards the browser (the direct peer) and ignores its forged X-Forwarded-For', async () => {
    const keys = await signInThroughProxy(undefined, { 'x-argus-peer-address': '203.0.113.10', 'x-forwarded-for': '198.51.100.99' });
    expect(keys).toEqual(['login:ip:203.0.113.10']);
  });

  it("follows X-Forwarded-For through the app's own trusted proxies", async () => {
    const keys = await signInThroughProxy('203.0.113.0/24', { 'x-argus-peer-address': '203.0.113.10', 'x-forwarded-for': '198.51.100.99, 203.0.113.20' });
    expect(keys).toEqual(['login:ip:198.51.100.99']);
  });

  it('without the peer preload names no address, so the service counts the app itself', async () => {
    const keys = await signInThroughProxy(undefined, { 'x-forwarded-for': '198.51.100.99' });
    expect(keys).toEqual(['login:ip:127.0.0.1']);
  });
});
