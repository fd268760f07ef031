import type { LoginFlow, Session, SuccessfulNativeLogin } from '@ory/client-fetch';
import { Browser, nativeFrontend } from './support/browser';
import { csrfOf, failure, messageIds, nodeNamed, STRONG_PASSWORD } from './support/flows';
import { startIdentity, type IdentityProcess } from './support/server';
import { createUser } from './support/users';
import { Pool } from 'pg';

let idp: IdentityProcess;
let db: Pool;
beforeAll(async () => {
  idp = await startIdentity();
  db = new Pool({ connectionString: process.env.DATABASE_URL });
});
afterAll(async () => {
  await idp.stop();
  await db.end();
});

describe('browser login (SPA / JSON)', () => {
  it('creates a flow with the Kratos shape, a CSRF cookie and a masked token', async () => {
    const browser = new Browser();
    const flow: LoginFlow = await browser.frontend(idp.publicUrl).createBrowserLoginFlow();
    expect(flow.type).toBe('browser');
    expect(flow.state).toBe('choose_method');
    expect(flow.refresh).toBe(false);
    expect(flow.requested_aal).toBe('aal1');
    expect(flow.ui.action).toBe(`${idp.baseUrl}self-service/login?flow=${flow.id}`);
    expect(flow.ui.method).toBe('POST');
    expect(flow.ui.messages).toBeUndefined();
    expect(flow.ui.nodes.map((n) => (n.attributes as { name: string }).name)).toEqual(['csrf_token', 'identifier', 'password', 'method']);
    expect(nodeNamed(flow, 'identifier')?.meta.label?.id).toBe(1070002);
    expect(nodeNamed(flow, 'method')?.meta.label?.id).toBe(1010022);
    const csrf = csrfOf(flow);
    expect(csrf).toHaveLength(88);
    const cookie = browser.cookie('csrf_token_');
    const { createHash } = await import('node:crypto');
    expect(cookie?.name).toBe(`csrf_token_${createHash('sha256').update(idp.baseUrl).digest('hex')}`);
    expect(cookie?.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/']));
    // Every render is masked differently but unmasks to the same token.
    const again = await browser.frontend(idp.publicUrl).getLoginFlow({ id: flow.id });
    expect(csrfOf(again)).not.toBe(csrf);
  });

  it('signs in with the right password, sets ory_kratos_session and rotates the CSRF cookie', async () => {
    const user = await createUser(idp.adminUrl);
    const browser = new Browser();
    const api = browser.frontend(idp.publicUrl);
    const flow = await api.createBrowserLoginFlow({ returnTo: `${idp.publicUrl}/planner` });
    const csrfBefore = browser.cookie('csrf_token_')?.value;
    const result = await api.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: { method: 'password', identifier: `  ${user.email.toUpperCase()} `, password: STRONG_PASSWORD, csrf_token: csrfOf(flow) },
    });
    expect(result.session.identity?.id).toBe(user.id);
    expect(result.session.authentication_methods?.[0]?.method).toBe('password');
    expect(result.session_token).toBeUndefined();
    expect(result.continue_with).toEqual([{ action: 'redirect_browser_to', redirect_browser_to: `${idp.publicUrl}/planner` }]);
    const session = browser.cookie('ory_kratos_session');
    expect(session?.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/']));
    expect(session?.attributes.some((a) => a.startsWith('Max-Age='))).toBe(true);
    expect(browser.cookie('csrf_token_')?.value).not.toBe(csrfBefore);
    const who: Session = await api.toSession();
    expect(who.active).toBe(true);
    expect(who.identity?.traits).toEqual({ email: user.email, name: { first: 'Ann', last: 'Lee' } });
    expect(who.identity?.schema_url).toBe(`${idp.baseUrl}schemas/ZGVmYXVsdA`);
  });

  it('answers a wrong password and an unknown account with the same 400 + 4000006', async () => {
    const user = await createUser(idp.adminUrl);
    for (const identifier of [user.email, 'nobody-at-all@example.com']) {
      const browser = new Browser();
      const api = browser.frontend(idp.publicUrl);
      const flow = await api.createBrowserLoginFlow();
      const f = await failure(api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier, password: 'Wrong-Password-1!', csrf_token: csrfOf(flow) } }));
      expect(f.status).toBe(400);
      const body = f.body as unknown as LoginFlow;
      expect(messageIds(body)).toEqual([4000006]);
      expect((nodeNamed(body, 'identifier')?.attributes as { value?: string }).value).toBe(identifier);
      expect((nodeNamed(body, 'password')?.attributes as { value?: string }).value).toBeUndefined();
    }
  });

  it('reports empty and missing fields on their nodes', async () => {
    const browser = new Browser();
    const api = browser.frontend(idp.publicUrl);
    const flow = await api.createBrowserLoginFlow();
    const f = await failure(api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: '', password: '', csrf_token: csrfOf(flow) } }));
    expect(f.status).toBe(400);
    const body = f.body as unknown as LoginFlow;
    expect(nodeNamed(body, 'identifier')?.messages.map((m) => m.id)).toEqual([4000003]);
    expect(nodeNamed(body, 'password')?.messages.map((m) => m.id)).toEqual([4000003]);
  });

  it('rejects a submit without or with a wrong CSRF token (403 security_csrf_violation)', async () => {
    const browser = new Browser();
    const api = browser.frontend(idp.publicUrl);
    const flow = await api.createBrowserLoginFlow();
    const noToken = await failure(api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: 'a@example.com', password: 'x', csrf_token: '' } }));
    expect(noToken.status).toBe(403);
    expect((noToken.body.error as { id: string }).id).toBe('security_csrf_violation');
    const other = new Browser();
    const otherFlow = await other.frontend(idp.publicUrl).createBrowserLoginFlow();
    const mismatch = await failure(api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: 'a@example.com', password: 'x', csrf_token: csrfOf(otherFlow) } }));
    expect(mismatch.status).toBe(403);
    expect((mismatch.body.error as { details: { reject_reason: string } }).details.reject_reason).toBe('token mismatch');
    expect(mismatch.headers.get('ory-error-id')).toBe('security_csrf_violation');
    // Fetching a browser flow from a browser without its CSRF cookie is refused too.
    const stranger = new Browser();
    const fetchFail = await failure(stranger.frontend(idp.publicUrl).getLoginFlow({ id: flow.id }));
    expect(fetchFail.status).toBe(403);
  });

  it('answers an expired flow with 410 + use_flow_id, and the new flow carries 4010001', async () => {
    const browser = new Browser();
    const api = browser.frontend(idp.publicUrl);
    const flow = await api.createBrowserLoginFlow({ returnTo: `${idp.publicUrl}/mission-list` });
    await db.query("UPDATE identity.flows SET expires_at = now() - interval '1 minute' WHERE id = $1", [flow.id]);
    const f = await failure(api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: 'a@example.com', password: 'x', csrf_token: csrfOf(flow) } }));
    expect(f.status).toBe(410);
    expect((f.body.error as { id: string }).id).toBe('self_service_flow_expired');
    const next = await api.getLoginFlow({ id: String(f.body.use_flow_id) });
    expect(messageIds(next)).toEqual([4010001]);
    expect(next.return_to).toBe(`${idp.publicUrl}/mission-list`);
  });

  it('refuses a login flow while signed in, and a forbidden return_to', async () => {
    const user = await createUser(idp.adminUrl);
    const browser = new Browser();
    const api = browser.frontend(idp.publicUrl);
    const flow = await api.createBrowserLoginFlow();
    await api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: user.email, password: STRONG_PASSWORD, csrf_token: csrfOf(flow) } });
    const again = await failure(api.createBrowserLoginFlow());
    expect(again.status).toBe(400);
    expect((again.body.error as { id: string }).id).toBe('session_already_available');
    const evil = await failure(new Browser().frontend(idp.publicUrl).createBrowserLoginFlow({ returnTo: 'https://evil.example/' }));
    expect(evil.status).toBe(400);
    expect((evil.body.error as { id: string }).id).toBe('self_service_flow_return_to_forbidden');
  });

  it('logs out through the logout flow (204 for JSON) and whoami then answers 401 without an id', async () => {
    const user = await createUser(idp.adminUrl);
    const browser = new Browser();
    const api = browser.frontend(idp.publicUrl);
    const flow = await api.createBrowserLoginFlow();
    await api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: user.email, password: STRONG_PASSWORD, csrf_token: csrfOf(flow) } });
    const logout = await api.createBrowserLogoutFlow();
    expect(logout.logout_token).toMatch(/^ory_lo_[A-Za-z0-9]{32}$/);
    expect(logout.logout_url).toBe(`${idp.baseUrl}self-service/logout?token=${logout.logout_token}`);
    const wrong = await failure(api.updateLogoutFlow({ token: 'ory_lo_wrong' }));
    expect(wrong.status).toBe(403);
    await api.updateLogoutFlow({ token: logout.logout_token });
    expect(browser.cookie('ory_kratos_session')).toBeUndefined();
    const who = await failure(api.toSession());
    expect(who.status).toBe(401);
    expect((who.body.error as { id?: string }).id).toBeUndefined();
    const noSession = await failure(api.createBrowserLogoutFlow());
    expect(noSession.status).toBe(401);
    expect((noSession.body.error as { id: string }).id).toBe('session_inactive');
  });
});

describe('browser login (HTML form posts)', () => {
  it('303s to the login UI on init, back to the UI on errors and to return_to on success', async () => {
    const user = await createUser(idp.adminUrl);
    const browser = new Browser();
    const init = await browser.fetch(`${idp.publicUrl}/self-service/login/browser?return_to=${encodeURIComponent(`${idp.publicUrl}/planner`)}&aal=&refresh=`, { headers: { Accept: 'text/html' } });
    expect(init.status).toBe(303);
    const location = init.headers.get('location') ?? '';
    const flowId = new URL(location).searchParams.get('flow') ?? '';
    expect(location).toBe(`${idp.baseUrl}auth/signin?flow=${flowId}`);
    const flow = (await (await browser.fetch(`${idp.publicUrl}/self-service/login/flows?id=${flowId}`, { headers: { Accept: 'application/json' } })).json()) as LoginFlow;
    const post = (password: string) =>
      browser.fetch(flow.ui.action, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
        body: new URLSearchParams({ csrf_token: csrfOf(flow), identifier: user.email, password, method: 'password' }).toString(),
      });
    const bad = await post('not-the-password');
    expect(bad.status).toBe(303);
    expect(bad.headers.get('location')).toBe(`${idp.baseUrl}auth/signin?flow=${flowId}`);
    const good = await post(STRONG_PASSWORD);
    expect(good.status).toBe(303);
    expect(good.headers.get('location')).toBe(`${idp.publicUrl}/planner`);
    expect(browser.cookie('ory_kratos_session')).toBeDefined();
  });

  it('sends HTML callers to the error UI, where /self-service/errors returns the stored error', async () => {
    const browser = new Browser();
    const res = await browser.fetch(`${idp.publicUrl}/self-service/login/browser?return_to=https://evil.example/`, { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(303);
    const id = new URL(res.headers.get('location') ?? '').searchParams.get('id') ?? '';
    const err = await browser.frontend(idp.publicUrl).getFlowError({ id });
    expect(err.id).toBe(id);
    expect((err.error as { id: string }).id).toBe('self_service_flow_return_to_forbidden');
  });
});

describe('native (API) login', () => {
  it('returns a session token usable with whoami, and logs out with DELETE /self-service/logout/api', async () => {
    const user = await createUser(idp.adminUrl);
    const api = nativeFrontend(idp.publicUrl);
    const flow = await api.createNativeLoginFlow();
    expect(flow.type).toBe('api');
    expect(csrfOf(flow)).toBe('');
    const result: SuccessfulNativeLogin = await api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: user.email, password: STRONG_PASSWORD } });
    expect(result.session_token).toMatch(/^ory_st_[A-Za-z0-9]{32}$/);
    const who = await api.toSession({ xSessionToken: result.session_token });
    expect(who.identity?.id).toBe(user.id);
    const bearer = await fetch(`${idp.publicUrl}/sessions/whoami`, { headers: { Authorization: `Bearer ${result.session_token}` } });
    expect(bearer.status).toBe(200);
    expect(bearer.headers.get('x-kratos-authenticated-identity-id')).toBe(user.id);
    await api.performNativeLogout({ performNativeLogoutBody: { session_token: result.session_token ?? '' } });
    expect((await failure(api.toSession({ xSessionToken: result.session_token }))).status).toBe(401);
    expect((await failure(api.performNativeLogout({ performNativeLogoutBody: { session_token: 'ory_st_unknown' } }))).status).toBe(403);
  });

  it('rejects an API flow submitted with cookies (a browser pretending to be an app)', async () => {
    const api = nativeFrontend(idp.publicUrl);
    const flow = await api.createNativeLoginFlow();
    const res = await fetch(`${idp.publicUrl}/self-service/login?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: 'foo=bar' },
      body: JSON.stringify({ method: 'password', identifier: 'a@example.com', password: 'x' }),
    });
    expect(res.status).toBe(400);
  });
});
