import type { LoginFlow, SettingsFlow } from '@ory/client-fetch';
import { Browser, nativeFrontend } from './support/browser';
import { csrfOf, failure, messageIds, nodeNamed, STRONG_PASSWORD, uniqueEmail } from './support/flows';
import { freePort, signInAtProvider, startOpenIdProvider, type OpenIdProvider } from './support/openid-provider';
import { startIdentity, type IdentityProcess } from './support/server';
import { createUser } from './support/users';

let idp: IdentityProcess;
let op: OpenIdProvider;
const callbackPrefix = () => `${idp.baseUrl}self-service/methods/oidc/callback/microsoft`;

beforeAll(async () => {
  const opPort = await freePort();
  // The identity service's base URL is only known once it has ports; start it with the provider's address.
  const issuer = `http://127.0.0.1:${opPort}`;
  idp = await startIdentity({
    IDENTITY_OIDC_MICROSOFT_ISSUER: issuer,
    IDENTITY_OIDC_MICROSOFT_CLIENT_ID: 'argus-test-client',
    IDENTITY_OIDC_MICROSOFT_CLIENT_SECRET: 'argus-test-client-secret-0123456789',
  });
  op = await startOpenIdProvider(callbackPrefix(), opPort);
});
afterAll(async () => {
  await idp.stop();
  await op.stop();
});

/** Starts OIDC on a login flow the SPA way (422 + redirect_browser_to) and returns the authorize URL. */
async function startOidcLogin(browser: Browser, returnTo?: string): Promise<{ flow: LoginFlow; authorize: URL }> {
  const api = browser.frontend(idp.publicUrl);
  const flow = await api.createBrowserLoginFlow({ returnTo });
  const f = await failure(api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'oidc', provider: 'microsoft', csrf_token: csrfOf(flow) } }));
  expect(f.status).toBe(422);
  expect((f.body.error as { id: string }).id).toBe('browser_location_change_required');
  return { flow, authorize: new URL(String(f.body.redirect_browser_to)) };
}

async function finishAtProvider(browser: Browser, authorize: URL, login: string): Promise<Response> {
  const back = await signInAtProvider(browser, authorize.toString(), login, callbackPrefix());
  return browser.fetch(back, { headers: { Accept: 'text/html' } });
}

describe('OIDC (provider "microsoft") against a real OpenID Provider', () => {
  it('shows the provider button and builds the authorize URL with state, PKCE and the callback', async () => {
    const browser = new Browser();
    const { flow, authorize } = await startOidcLogin(browser);
    const button = nodeNamed(flow, 'provider');
    expect(button).toMatchObject({ group: 'oidc', attributes: { type: 'submit', value: 'microsoft' } });
    expect(button?.meta.label).toEqual({ id: 1010002, text: 'Sign in with Microsoft', type: 'info', context: { provider: 'Microsoft', provider_id: 'microsoft' } });
    expect(authorize.origin).toBe(op.issuer);
    expect(authorize.searchParams.get('redirect_uri')).toBe(callbackPrefix());
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(browser.cookie('ory_kratos_continuity')?.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax']));
  });

  it('registers on first sign-in with traits from the claims, then signs the same person in again', async () => {
    const login = `olivia-${Date.now()}`;
    const browser = new Browser();
    const { authorize } = await startOidcLogin(browser, `${idp.publicUrl}/planner`);
    const done = await finishAtProvider(browser, authorize, login);
    expect(done.status).toBe(303);
    const who = await browser.frontend(idp.publicUrl).toSession();
    expect(who.identity?.traits).toEqual({ email: `${login}@idp.example.com`, name: { first: 'Olivia', last: 'Provider' } });
    expect(who.identity?.verifiable_addresses?.[0]?.verified).toBe(true);
    expect(who.authentication_methods?.[0]).toMatchObject({ method: 'oidc', provider: 'microsoft' });

    const again = new Browser();
    const second = await startOidcLogin(again, `${idp.publicUrl}/planner`);
    const res = await finishAtProvider(again, second.authorize, login);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${idp.publicUrl}/planner`);
    expect((await again.frontend(idp.publicUrl).toSession()).identity?.id).toBe(who.identity?.id);
  });

  it('refuses a callback without the continuity cookie (another browser)', async () => {
    const browser = new Browser();
    const { authorize } = await startOidcLogin(browser);
    const back = await signInAtProvider(browser, authorize.toString(), `mallory-${Date.now()}`, callbackPrefix());
    const res = await new Browser().fetch(back, { headers: { Accept: 'application/json' } });
    expect(res.status).toBe(400);
  });

  it('asks an existing password user to sign in first, then links the provider (1010016)', async () => {
    const user = await createUser(idp.adminUrl, uniqueEmail('linkme'));
    const browser = new Browser();
    const { authorize } = await startOidcLogin(browser);
    const res = await finishAtProvider(browser, authorize, user.email);
    expect(res.status).toBe(303);
    const flowId = new URL(res.headers.get('location') ?? '').searchParams.get('flow') ?? '';
    const api = browser.frontend(idp.publicUrl);
    const flow = await api.getLoginFlow({ id: flowId });
    expect(messageIds(flow)).toEqual([1010016]);
    await api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: user.email, password: STRONG_PASSWORD, csrf_token: csrfOf(flow) } });
    // Now the provider alone signs this identity in.
    const other = new Browser();
    const second = await startOidcLogin(other);
    await finishAtProvider(other, second.authorize, user.email);
    expect((await other.frontend(idp.publicUrl).toSession()).identity?.id).toBe(user.id);
  });

  it('links and unlinks the provider in settings; the last first factor cannot be unlinked', async () => {
    const user = await createUser(idp.adminUrl, uniqueEmail('settings-oidc'));
    const browser = new Browser();
    const api = browser.frontend(idp.publicUrl);
    const login = await api.createBrowserLoginFlow();
    await api.updateLoginFlow({ flow: login.id, updateLoginFlowBody: { method: 'password', identifier: user.email, password: STRONG_PASSWORD, csrf_token: csrfOf(login) } });
    const settings: SettingsFlow = await api.createBrowserSettingsFlow();
    expect(nodeNamed(settings, 'link')).toMatchObject({ group: 'oidc', attributes: { value: 'microsoft' } });
    expect(nodeNamed(settings, 'unlink')).toBeUndefined();
    const f = await failure(api.updateSettingsFlow({ flow: settings.id, updateSettingsFlowBody: { method: 'oidc', link: 'microsoft' } }));
    expect(f.status).toBe(422);
    const res = await finishAtProvider(browser, new URL(String(f.body.redirect_browser_to)), `linked-${Date.now()}`);
    expect(res.status).toBe(303);
    const linked = await api.getSettingsFlow({ id: settings.id });
    expect(linked.state).toBe('success');
    expect(nodeNamed(linked, 'unlink')).toMatchObject({ attributes: { value: 'microsoft' } });
    const unlinked = await api.updateSettingsFlow({ flow: linked.id, updateSettingsFlowBody: { method: 'oidc', unlink: 'microsoft' } });
    expect(unlinked.state).toBe('success');
    expect(nodeNamed(unlinked, 'link')).toBeDefined();
    const again = await failure(api.updateSettingsFlow({ flow: unlinked.id, updateSettingsFlowBody: { method: 'oidc', unlink: 'microsoft' } }));
    expect(messageIds(again.body as unknown as SettingsFlow)).toEqual([4000001]);
  });

  it('signs a native app in through the system browser with the session token exchange', async () => {
    const native = nativeFrontend(idp.publicUrl);
    const appReturn = `${idp.baseUrl}native-app/return`;
    const flow = await native.createNativeLoginFlow({ returnSessionTokenExchangeCode: true, returnTo: appReturn });
    const initCode = flow.session_token_exchange_code ?? '';
    expect(initCode).toMatch(/^[A-Za-z0-9]{64}$/);
    const f = await failure(native.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'oidc', provider: 'microsoft' } }));
    expect(f.status).toBe(422);
    expect((f.body.error as { id: string }).id).toBe('browser_location_change_required');
    expect(f.headers.getSetCookie()).toEqual([]);

    // The system browser signs in at the provider and comes back without any cookie of ours.
    const system = new Browser();
    const login = `native-${Date.now()}`;
    const res = await finishAtProvider(system, new URL(String(f.body.redirect_browser_to)), login);
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(appReturn);
    const returnToCode = back.searchParams.get('code') ?? '';
    expect(returnToCode).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(system.cookie('ory_kratos_session')).toBeUndefined();

    const wrong = await failure(native.exchangeSessionToken({ initCode: 'x'.repeat(64), returnToCode }));
    expect(wrong.status).toBe(404);
    const exchanged = await native.exchangeSessionToken({ initCode, returnToCode });
    expect(exchanged.session_token).toMatch(/^ory_st_/);
    expect(exchanged.session.identity?.traits).toMatchObject({ email: `${login}@idp.example.com` });
    const who = await native.toSession({ xSessionToken: exchanged.session_token });
    expect(who.id).toBe(exchanged.session.id);
  });

  it('refuses OIDC on a native flow created without an exchange code', async () => {
    const native = nativeFrontend(idp.publicUrl);
    const flow = await native.createNativeLoginFlow();
    const f = await failure(native.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'oidc', provider: 'microsoft' } }));
    expect(f.status).toBe(400);
  });
});
