import { Configuration, FrontendApi } from '@ory/client-fetch';
import { Browser } from './support/browser';
import { csrfOf, failure, uniqueEmail } from './support/flows';
import { startIdentity, type IdentityProcess } from './support/server';

let idp: IdentityProcess;
beforeAll(async () => {
  // The test client stands in for the app's proxy on loopback, which names the browser's address.
  idp = await startIdentity({ IDENTITY_RATE_LIMIT_IDENTIFIER: '3/60', IDENTITY_RATE_LIMIT_ADDRESS: '8/60', TRUSTED_PROXIES: '127.0.0.1,::1' });
});
afterAll(async () => idp.stop());

/** A client address of its own, so earlier runs against the same database do not count. */
const randomAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

describe('rate limiting', () => {
  it('answers 429 after too many login submits for one identifier', async () => {
    const api = new Browser().frontend(idp.publicUrl, { 'X-Forwarded-For': randomAddress() });
    const flow = await api.createBrowserLoginFlow();
    const identifier = uniqueEmail('limited');
    const attempt = () => failure(api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier, password: 'Wrong-Password-1!', csrf_token: csrfOf(flow) } }));
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(400);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect((limited.body.error as { id: string; reason: string }).id).toBe('rate_limit_exceeded');
    expect((limited.body.error as { reason: string }).reason).toMatch(/Too many attempts/);
    const wait = (limited.body.error as { details: { retry_after_seconds: number } }).details.retry_after_seconds;
    expect(wait).toBeGreaterThan(0);
    expect(limited.headers.get('retry-after')).toBe(String(wait));
  });

  it('limits recovery submits per client address across identifiers', async () => {
    const api = new FrontendApi(new Configuration({ basePath: idp.publicUrl, headers: { Accept: 'application/json', 'X-Forwarded-For': randomAddress() } }));
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const flow = await api.createNativeRecoveryFlow();
      try {
        await api.updateRecoveryFlow({ flow: flow.id, updateRecoveryFlowBody: { method: 'code', email: uniqueEmail('addr') } });
        statuses.push(200);
      } catch (err) {
        statuses.push((err as { response: Response }).response.status);
      }
    }
    expect(statuses.slice(0, 8).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);
  });
});
