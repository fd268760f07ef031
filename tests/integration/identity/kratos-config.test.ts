import { Browser, nativeFrontend } from './support/browser';
import { csrfOf, failure, STRONG_PASSWORD } from './support/flows';
import { startIdentity, type IdentityProcess } from './support/server';
import { createUser, latestCode } from './support/users';

/**
 * The service configured like a Kratos behind Ory's reference UI (kratos-selfservice-ui-node) on
 * another origin: per-flow UI URLs, return URLs, an allow-list with a wildcard host and a native
 * app scheme, and cookie domains.
 */
const UI = 'https://ui.example.test';
let idp: IdentityProcess;
let plain: IdentityProcess;
beforeAll(async () => {
  [idp, plain] = await Promise.all([
    startIdentity({
      IDENTITY_LOGIN_UI_URL: `${UI}/login`,
      IDENTITY_REGISTRATION_UI_URL: `${UI}/registration`,
      IDENTITY_RECOVERY_UI_URL: `${UI}/recovery`,
      IDENTITY_VERIFICATION_UI_URL: `${UI}/verification`,
      IDENTITY_SETTINGS_UI_URL: `${UI}/settings`,
      IDENTITY_ERROR_UI_URL: `${UI}/error`,
      IDENTITY_DEFAULT_RETURN_URL: `${UI}/welcome`,
      IDENTITY_LOGIN_RETURN_URL: `${UI}/after-login`,
      IDENTITY_VERIFICATION_RETURN_URL: `${UI}/verified`,
      IDENTITY_LOGOUT_RETURN_URL: `${UI}/bye`,
      IDENTITY_ALLOWED_RETURN_URLS: `${UI}/,https://*.apps.example.test/deep/,argus-app://callback`,
      IDENTITY_COOKIE_DOMAIN: 'example.test',
      IDENTITY_SESSION_COOKIE_DOMAIN: 'sessions.example.test',
    }),
    startIdentity(),
  ]);
});
afterAll(async () => {
  await Promise.all([idp.stop(), plain.stop()]);
});

const html = { Accept: 'text/html' };

describe('per-flow UI URLs (selfservice.flows.*.ui_url)', () => {
  it('sends browsers to the configured page of each flow', async () => {
    for (const [flow, ui] of [
      ['login', 'login'],
      ['registration', 'registration'],
      ['recovery', 'recovery'],
      ['verification', 'verification'],
    ] as const) {
      const res = await new Browser().fetch(`${idp.publicUrl}/self-service/${flow}/browser`, { headers: html });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toMatch(new RegExp(`^${UI}/${ui}\\?flow=[0-9a-f-]{36}$`));
    }
    // Errors the browser cannot see in a flow go to the error UI with the stored error's UUID.
    const unknown = await new Browser().fetch(`${idp.publicUrl}/self-service/login?flow=00000000-0000-4000-8000-000000000000`, { method: 'POST', headers: html });
    expect(unknown.headers.get('location')).toMatch(new RegExp(`^${UI}/error\\?id=[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`));
  });

  it('keeps Argus pages and host-only cookies when nothing is configured', async () => {
    const res = await new Browser().fetch(`${plain.publicUrl}/self-service/login/browser`, { headers: html });
    expect(res.headers.get('location')).toMatch(new RegExp(`^${plain.baseUrl}auth/signin\\?flow=`));
    expect(res.headers.getSetCookie().join('\n')).not.toMatch(/Domain=/i);
  });
});

describe('return URLs (default_browser_return_url, after.default_browser_return_url, allowed_return_urls)', () => {
  it('after sign-in goes to the login after-URL, and a signed-in browser starting a flow to the default', async () => {
    const user = await createUser(idp.adminUrl);
    const browser = new Browser();
    const api = browser.frontend(idp.publicUrl);
    const flow = await api.createBrowserLoginFlow();
    const done = await api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: user.email, password: STRONG_PASSWORD, csrf_token: csrfOf(flow) } });
    expect(done.continue_with).toEqual([{ action: 'redirect_browser_to', redirect_browser_to: `${UI}/after-login` }]);
    const again = await browser.fetch(`${idp.publicUrl}/self-service/login/browser`, { headers: html });
    expect(again.headers.get('location')).toBe(`${UI}/welcome`);
    const logout = await api.createBrowserLogoutFlow();
    const out = await browser.fetch(logout.logout_url, { headers: html });
    expect(out.headers.get('location')).toBe(`${UI}/bye`);
  });

  it('accepts return_to under an allowed URL (wildcard host, path prefix, native app scheme) and the self-service URLs', async () => {
    const native = nativeFrontend(idp.publicUrl);
    for (const returnTo of [`${UI}/anything`, 'https://team.apps.example.test/deep/link', 'argus-app://callback', `${idp.baseUrl}self-service/login/browser`, '/relative']) {
      const flow = await native.createNativeLoginFlow({ returnTo });
      expect(flow.return_to).toBe(returnTo === '/relative' ? `${UI}/relative` : returnTo);
    }
  });

  it('refuses any other return_to as Kratos does: 400 self_service_flow_return_to_forbidden', async () => {
    const native = nativeFrontend(idp.publicUrl);
    for (const returnTo of ['https://evil.example/', 'https://team.apps.example.test/shallow', 'http://ui.example.test/', `${idp.baseUrl}auth/signin`, 'other-app://callback']) {
      const f = await failure(native.createNativeLoginFlow({ returnTo }));
      expect(f.status).toBe(400);
      expect(f.body.error).toMatchObject({ id: 'self_service_flow_return_to_forbidden', code: 400 });
      expect((f.body.error as { reason: string }).reason).toMatch(/^Requested return_to URL ".+" is not allowed\.$/);
    }
    const html303 = await new Browser().fetch(`${idp.publicUrl}/self-service/registration/browser?return_to=https://evil.example/`, { headers: html });
    expect(html303.status).toBe(303);
    expect(html303.headers.get('location')).toMatch(new RegExp(`^${UI}/error\\?id=`));
  });

  it('a verified address shows the verification after-URL as its continue link', async () => {
    const user = await createUser(idp.adminUrl, undefined, undefined, false);
    const browser = new Browser();
    const api = browser.frontend(idp.publicUrl);
    const flow = await api.createBrowserVerificationFlow();
    await api.updateVerificationFlow({ flow: flow.id, updateVerificationFlowBody: { method: 'code', email: user.email, csrf_token: csrfOf(flow) } });
    const done = await api.updateVerificationFlow({ flow: flow.id, updateVerificationFlowBody: { method: 'code', code: await latestCode(idp.adminUrl, user.email), csrf_token: csrfOf(flow) } });
    expect(done.state).toBe('passed_challenge');
    expect(done.ui.action).toBe(`${UI}/verified`);
  });
});

describe('cookie domains (cookies.domain, session.cookie.domain)', () => {
  it('puts cookies.domain on the CSRF cookie and session.cookie.domain on the session cookie, also when clearing it', async () => {
    const user = await createUser(idp.adminUrl);
    const browser = new Browser();
    const api = browser.frontend(idp.publicUrl);
    const flow = await api.createBrowserLoginFlow();
    expect(browser.cookie('csrf_token_')?.attributes).toContain('Domain=example.test');
    await api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: user.email, password: STRONG_PASSWORD, csrf_token: csrfOf(flow) } });
    expect(browser.cookie('ory_kratos_session')?.attributes).toContain('Domain=sessions.example.test');
    const logout = await api.createBrowserLogoutFlow();
    const out = await browser.fetch(logout.logout_url, { headers: html });
    const cleared = out.headers.getSetCookie().find((c) => c.startsWith('ory_kratos_session=;'));
    expect(cleared).toContain('Domain=sessions.example.test');
  });

  it('refuses a malformed domain at start', async () => {
    await expect(startIdentity({ IDENTITY_COOKIE_DOMAIN: 'not a domain' })).rejects.toThrow(/IDENTITY_COOKIE_DOMAIN/);
  });
});
