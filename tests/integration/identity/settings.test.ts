import type { SettingsFlow } from '@ory/client-fetch';
import { Pool } from 'pg';
import { Browser, nativeFrontend } from './support/browser';
import { csrfOf, failure, messageIds, nodeNamed, STRONG_PASSWORD, uniqueEmail } from './support/flows';
import { startIdentity, type IdentityProcess } from './support/server';
import { createUser } from './support/users';

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

async function signedIn(password = STRONG_PASSWORD) {
  const user = await createUser(idp.adminUrl, uniqueEmail('settings'), password);
  const browser = new Browser();
  const api = browser.frontend(idp.publicUrl);
  const flow = await api.createBrowserLoginFlow();
  await api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: user.email, password, csrf_token: csrfOf(flow) } });
  return { user, browser, api };
}

async function ageSession(browser: Browser, minutes: number) {
  const who = await browser.frontend(idp.publicUrl).toSession();
  await db.query(`UPDATE identity.sessions SET authenticated_at = now() - make_interval(mins => $2) WHERE id = $1`, [who.id, minutes]);
}

describe('settings', () => {
  it('needs a session: 401 session_inactive for JSON, 303 to login for HTML', async () => {
    const browser = new Browser();
    const f = await failure(browser.frontend(idp.publicUrl).createBrowserSettingsFlow());
    expect(f.status).toBe(401);
    expect((f.body.error as { id: string }).id).toBe('session_inactive');
    const html = await browser.fetch(`${idp.publicUrl}/self-service/settings/browser`, { headers: { Accept: 'text/html' } });
    expect(html.status).toBe(303);
    expect(html.headers.get('location')).toBe(`${idp.baseUrl}self-service/login/browser`);
  });

  it('shows profile and password forms with the identity and current values', async () => {
    const { user, api } = await signedIn();
    const flow: SettingsFlow = await api.createBrowserSettingsFlow();
    expect(flow.state).toBe('show_form');
    expect(flow.identity.id).toBe(user.id);
    expect(flow.ui.nodes.map((n) => `${n.group}:${(n.attributes as { name: string }).name}`)).toEqual([
      'default:csrf_token',
      'profile:traits.email',
      'profile:traits.name.first',
      'profile:traits.name.last',
      'profile:method',
      'password:password',
      'password:method',
    ]);
    expect((nodeNamed(flow, 'traits.email')?.attributes as { value?: string }).value).toBe(user.email);
  });

  it('updates the name without re-authentication, even with an old session', async () => {
    const { user, browser, api } = await signedIn();
    await ageSession(browser, 120);
    const flow = await api.createBrowserSettingsFlow();
    const done = await api.updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: { method: 'profile', traits: { email: user.email, name: { first: 'Berta', last: 'Lee' } }, csrf_token: csrfOf(flow) },
    });
    expect(done.state).toBe('success');
    expect(messageIds(done)).toEqual([1050001]);
    expect(done.identity.traits).toMatchObject({ name: { first: 'Berta' } });
  });

  it('changes the password with a fresh session; the old password then fails', async () => {
    const { user, api } = await signedIn();
    const flow = await api.createBrowserSettingsFlow();
    const same = await failure(api.updateSettingsFlow({ flow: flow.id, updateSettingsFlowBody: { method: 'password', password: STRONG_PASSWORD, csrf_token: csrfOf(flow) } }));
    expect(same.status).toBe(400);
    expect(nodeNamed(same.body as unknown as SettingsFlow, 'password')?.messages.map((m) => m.id)).toEqual([4000039]);
    const done = await api.updateSettingsFlow({ flow: flow.id, updateSettingsFlowBody: { method: 'password', password: 'Another-Long-Secret-71', csrf_token: csrfOf(flow) } });
    expect(done.state).toBe('success');
    const other = new Browser().frontend(idp.publicUrl);
    const login = await other.createBrowserLoginFlow();
    const old = await failure(other.updateLoginFlow({ flow: login.id, updateLoginFlowBody: { method: 'password', identifier: user.email, password: STRONG_PASSWORD, csrf_token: csrfOf(login) } }));
    expect(old.status).toBe(400);
  });

  it('demands re-authentication (403 session_refresh_required) for a password change with a stale session', async () => {
    const { browser, api } = await signedIn();
    await ageSession(browser, 60);
    const flow = await api.createBrowserSettingsFlow();
    const f = await failure(api.updateSettingsFlow({ flow: flow.id, updateSettingsFlowBody: { method: 'password', password: 'Another-Long-Secret-71', csrf_token: csrfOf(flow) } }));
    expect(f.status).toBe(403);
    expect((f.body.error as { id: string }).id).toBe('session_refresh_required');
    expect(f.body.redirect_browser_to).toBe(
      `${idp.baseUrl}self-service/login/browser?refresh=true&return_to=${encodeURIComponent(`${idp.baseUrl}self-service/settings?flow=${flow.id}`)}`,
    );
    // Re-authenticating with refresh=true makes the change possible.
    const refresh = await api.createBrowserLoginFlow({ refresh: true });
    expect(refresh.refresh).toBe(true);
    expect(messageIds(refresh)).toEqual([1010003]);
    expect(nodeNamed(refresh, 'identifier')?.attributes).toMatchObject({ type: 'hidden' });
    await api.updateLoginFlow({ flow: refresh.id, updateLoginFlowBody: { method: 'password', identifier: String((nodeNamed(refresh, 'identifier')?.attributes as { value: string }).value), password: STRONG_PASSWORD, csrf_token: csrfOf(refresh) } });
    const again = await api.getSettingsFlow({ id: flow.id });
    const done = await api.updateSettingsFlow({ flow: again.id, updateSettingsFlowBody: { method: 'password', password: 'Another-Long-Secret-71', csrf_token: csrfOf(again) } });
    expect(done.state).toBe('success');
  });

  it('parks an HTML password change during re-authentication and applies it on return', async () => {
    const { user, browser, api } = await signedIn();
    await ageSession(browser, 60);
    const flow = await api.createBrowserSettingsFlow();
    const post = await browser.fetch(flow.ui.action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
      body: new URLSearchParams({ csrf_token: csrfOf(flow), method: 'password', password: 'Parked-Secret-Value-88' }).toString(),
    });
    expect(post.status).toBe(303);
    const reauth = new URL(post.headers.get('location') ?? '');
    expect(reauth.searchParams.get('refresh')).toBe('true');
    const login = await api.createBrowserLoginFlow({ refresh: true, returnTo: reauth.searchParams.get('return_to') ?? '' });
    const done = await browser.fetch(login.ui.action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
      body: new URLSearchParams({ csrf_token: csrfOf(login), method: 'password', identifier: user.email, password: STRONG_PASSWORD }).toString(),
    });
    expect(done.headers.get('location')).toBe(`${idp.baseUrl}self-service/settings?flow=${flow.id}`);
    const resume = await browser.fetch(done.headers.get('location') ?? '', { headers: { Accept: 'text/html' } });
    expect(resume.status).toBe(303);
    expect((await api.getSettingsFlow({ id: flow.id })).state).toBe('success');
    const other = new Browser().frontend(idp.publicUrl);
    const check = await other.createBrowserLoginFlow();
    const ok = await other.updateLoginFlow({ flow: check.id, updateLoginFlowBody: { method: 'password', identifier: user.email, password: 'Parked-Secret-Value-88', csrf_token: csrfOf(check) } });
    expect(ok.session.identity?.id).toBe(user.id);
  });

  it('treats an e-mail change as privileged and sends a verification code to the new address', async () => {
    const { user, browser, api } = await signedIn();
    const newEmail = uniqueEmail('changed');
    await ageSession(browser, 60);
    const flow = await api.createBrowserSettingsFlow();
    const body = { method: 'profile' as const, traits: { email: newEmail, name: { first: 'Ann', last: 'Lee' } }, csrf_token: csrfOf(flow) };
    expect((await failure(api.updateSettingsFlow({ flow: flow.id, updateSettingsFlowBody: body }))).status).toBe(403);
    await db.query("UPDATE identity.sessions SET authenticated_at = now() WHERE identity_id = $1", [user.id]);
    const done = await api.updateSettingsFlow({ flow: flow.id, updateSettingsFlowBody: { ...body, csrf_token: csrfOf(flow) } });
    expect(done.identity.traits).toMatchObject({ email: newEmail });
    expect(done.identity.verifiable_addresses?.[0]).toMatchObject({ value: newEmail, verified: false });
    expect(done.continue_with?.some((c) => c.action === 'show_verification_ui')).toBe(true);
  });

  it('answers an empty profile submit with 4000001, another identity with 403, and an expired flow with 410', async () => {
    const { api } = await signedIn();
    const flow = await api.createBrowserSettingsFlow();
    const empty = await failure(api.updateSettingsFlow({ flow: flow.id, updateSettingsFlowBody: { method: 'profile', traits: {}, csrf_token: csrfOf(flow) } }));
    expect(messageIds(empty.body as unknown as SettingsFlow)).toEqual([4000001]);
    const intruder = await signedIn();
    const mismatch = await failure(intruder.api.getSettingsFlow({ id: flow.id }));
    expect(mismatch.status).toBe(403);
    expect((mismatch.body.error as { id: string }).id).toBe('security_identity_mismatch');
    await db.query("UPDATE identity.flows SET expires_at = now() - interval '1 minute' WHERE id = $1", [flow.id]);
    const expired = await failure(api.updateSettingsFlow({ flow: flow.id, updateSettingsFlowBody: { method: 'password', password: 'Whatever-Secret-12', csrf_token: csrfOf(flow) } }));
    expect(expired.status).toBe(410);
    const next = await api.getSettingsFlow({ id: String(expired.body.use_flow_id) });
    expect(messageIds(next)).toEqual([4050001]);
  });

  it('works for native apps with a session token', async () => {
    const user = await createUser(idp.adminUrl);
    const api = nativeFrontend(idp.publicUrl);
    const login = await api.createNativeLoginFlow();
    const { session_token } = await api.updateLoginFlow({ flow: login.id, updateLoginFlowBody: { method: 'password', identifier: user.email, password: STRONG_PASSWORD } });
    const flow = await api.createNativeSettingsFlow({ xSessionToken: session_token });
    const done = await api.updateSettingsFlow({
      flow: flow.id,
      xSessionToken: session_token,
      updateSettingsFlowBody: { method: 'profile', traits: { email: user.email, name: { first: 'Native', last: 'User' } } },
    });
    expect(done.state).toBe('success');
  });
});

describe('sessions of the signed-in user', () => {
  it('lists other sessions with paging and revokes one or all of them', async () => {
    const user = await createUser(idp.adminUrl);
    const native = nativeFrontend(idp.publicUrl);
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) {
      const f = await native.createNativeLoginFlow();
      const r = await native.updateLoginFlow({ flow: f.id, updateLoginFlowBody: { method: 'password', identifier: user.email, password: STRONG_PASSWORD } });
      tokens.push(r.session_token ?? '');
    }
    const [mine = '', second = ''] = tokens;
    const page = await native.listMySessionsRaw({ xSessionToken: mine, pageSize: 1 });
    expect((await page.value()).length).toBe(1);
    expect(page.raw.headers.get('link')).toContain('rel="next"');
    const all = await native.listMySessions({ xSessionToken: mine });
    expect(all.length).toBe(2);
    const secondSession = await native.toSession({ xSessionToken: second });
    await native.disableMySession({ id: secondSession.id, xSessionToken: mine });
    expect((await failure(native.toSession({ xSessionToken: second }))).status).toBe(401);
    const revoked = await native.disableMyOtherSessions({ xSessionToken: mine });
    expect(revoked.count).toBe(1);
    expect((await native.toSession({ xSessionToken: mine })).active).toBe(true);
  });
});
