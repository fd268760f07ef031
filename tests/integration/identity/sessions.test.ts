import { Browser, nativeFrontend } from './support/browser';
import { csrfOf, failure, STRONG_PASSWORD } from './support/flows';
import { startIdentity, type IdentityProcess } from './support/server';
import { createUser } from './support/users';

let idp: IdentityProcess;
beforeAll(async () => {
  idp = await startIdentity();
});
afterAll(async () => {
  await idp.stop();
});

/** Signs `email` in `n` times through native login flows; returns the session tokens, oldest first. */
async function nativeSessions(email: string, n: number): Promise<string[]> {
  const native = nativeFrontend(idp.publicUrl);
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const f = await native.createNativeLoginFlow();
    const r = await native.updateLoginFlow({ flow: f.id, updateLoginFlowBody: { method: 'password', identifier: email, password: STRONG_PASSWORD } });
    tokens.push(r.session_token ?? '');
  }
  return tokens;
}

/** Kratos's offset page token: base64url of {"offset":"<n>","v":2}. */
const pageToken = (offset: number) => Buffer.from(`{"offset":"${offset}","v":2}`).toString('base64url');

/** The Link header as {rel: parsed URL}. */
function links(header: string | null): Record<string, URL> {
  const out: Record<string, URL> = {};
  for (const part of (header ?? '').split(',')) {
    const m = /<([^>]+)>; rel="(\w+)"/.exec(part);
    if (m?.[1] && m[2]) out[m[2]] = new URL(m[1], idp.publicUrl);
  }
  return out;
}

describe('GET /sessions (listMySessions)', () => {
  it('lists the other active sessions, newest first, paged with page_size/page_token, X-Total-Count and Link as Kratos', async () => {
    const user = await createUser(idp.adminUrl);
    const [mine = '', ...others] = await nativeSessions(user.email, 4);
    const native = nativeFrontend(idp.publicUrl);
    const otherIds = await Promise.all(others.map(async (t) => (await native.toSession({ xSessionToken: t })).id));

    const first = await native.listMySessionsRaw({ xSessionToken: mine, pageSize: 2 });
    const firstPage = await first.value();
    expect(first.raw.headers.get('x-total-count')).toBe('3');
    expect(firstPage.map((s) => s.id)).toEqual([otherIds[2], otherIds[1]]);
    expect(firstPage.every((s) => s.active && s.identity?.id === user.id)).toBe(true);
    const l = links(first.raw.headers.get('link'));
    expect(Object.keys(l).sort()).toEqual(['last', 'next']);
    expect(l.next?.pathname).toBe('/sessions');
    expect(l.next?.searchParams.get('page_token')).toBe(pageToken(2));
    expect(l.next?.searchParams.get('page_size')).toBe('2');
    expect(l.next?.searchParams.get('per_page')).toBe('2');
    expect(l.next?.searchParams.get('page')).toBe('1');

    // Following `next` as the SDK would: the remaining session, and no further page.
    const second = await native.listMySessionsRaw({ xSessionToken: mine, pageSize: 2, pageToken: l.next?.searchParams.get('page_token') ?? '' });
    expect((await second.value()).map((s) => s.id)).toEqual([otherIds[0]]);
    expect(Object.keys(links(second.raw.headers.get('link'))).sort()).toEqual(['first', 'prev']);

    // Legacy per_page/page (0-based) pages the same list.
    const legacy = await native.listMySessionsRaw({ xSessionToken: mine, perPage: 1, page: 2 });
    expect((await legacy.value()).map((s) => s.id)).toEqual([otherIds[0]]);
    expect(legacy.raw.headers.get('x-total-count')).toBe('3');

    // Everything on one page: a single "first" link whose size is the total.
    const all = await native.listMySessionsRaw({ xSessionToken: mine });
    expect((await all.value()).length).toBe(3);
    const only = links(all.raw.headers.get('link'));
    expect(Object.keys(only)).toEqual(['first']);
    expect(only.first?.searchParams.get('page_size')).toBe('3');
  });

  it('leaves out revoked and expired sessions and answers 401 without an error id when signed out', async () => {
    const user = await createUser(idp.adminUrl);
    const [mine = '', revoked = ''] = await nativeSessions(user.email, 2);
    const native = nativeFrontend(idp.publicUrl);
    await native.performNativeLogout({ performNativeLogoutBody: { session_token: revoked } });
    expect(await native.listMySessions({ xSessionToken: mine })).toEqual([]);
    const f = await failure(native.listMySessions({ xSessionToken: 'ory_st_not-a-session' }));
    expect(f.status).toBe(401);
    expect(f.body.error).toEqual({ code: 401, status: 'Unauthorized', message: 'The request could not be authorized', reason: 'No valid session cookie found.' });
  });

  it('works for a browser with the session cookie', async () => {
    const user = await createUser(idp.adminUrl);
    await nativeSessions(user.email, 1);
    const browser = new Browser();
    const api = browser.frontend(idp.publicUrl);
    const flow = await api.createBrowserLoginFlow();
    await api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: user.email, password: STRONG_PASSWORD, csrf_token: csrfOf(flow) } });
    const list = await api.listMySessions();
    expect(list.length).toBe(1);
    expect(list[0]?.id).not.toBe((await api.toSession()).id);
  });
});

describe('DELETE /sessions and /sessions/{id}', () => {
  it('revokes one other session (204), refuses the current one (400) and malformed ids (400)', async () => {
    const user = await createUser(idp.adminUrl);
    const [mine = '', other = ''] = await nativeSessions(user.email, 2);
    const native = nativeFrontend(idp.publicUrl);
    const current = await native.toSession({ xSessionToken: mine });
    const otherId = (await native.toSession({ xSessionToken: other })).id;

    const refused = await failure(native.disableMySession({ id: current.id, xSessionToken: mine }));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 400, status: 'Bad Request', message: 'cannot revoke current session' });
    const malformed = await failure(native.disableMySession({ id: 'not-a-uuid', xSessionToken: mine }));
    expect(malformed.status).toBe(400);

    await native.disableMySession({ id: otherId, xSessionToken: mine });
    expect((await failure(native.toSession({ xSessionToken: other }))).status).toBe(401);
    expect((await native.toSession({ xSessionToken: mine })).active).toBe(true);
  });

  it("cannot touch another person's session (204 as Kratos, but the session stays active)", async () => {
    const [ann, bob] = [await createUser(idp.adminUrl), await createUser(idp.adminUrl)];
    const [annToken = ''] = await nativeSessions(ann.email, 1);
    const [bobToken = ''] = await nativeSessions(bob.email, 1);
    const native = nativeFrontend(idp.publicUrl);
    const bobSession = await native.toSession({ xSessionToken: bobToken });
    const res = await fetch(`${idp.publicUrl}/sessions/${bobSession.id}`, { method: 'DELETE', headers: { 'X-Session-Token': annToken } });
    expect(res.status).toBe(204);
    expect((await native.toSession({ xSessionToken: bobToken })).active).toBe(true);
    const anonymous = await fetch(`${idp.publicUrl}/sessions/${bobSession.id}`, { method: 'DELETE' });
    expect(anonymous.status).toBe(401);
  });

  it('DELETE /sessions revokes all other sessions and counts them; DELETE /sessions/whoami is whoami', async () => {
    const user = await createUser(idp.adminUrl);
    const [mine = '', ...others] = await nativeSessions(user.email, 3);
    const native = nativeFrontend(idp.publicUrl);
    expect(await native.disableMyOtherSessions({ xSessionToken: mine })).toEqual({ count: 2 });
    for (const t of others) expect((await failure(native.toSession({ xSessionToken: t }))).status).toBe(401);
    expect((await native.toSession({ xSessionToken: mine })).active).toBe(true);
    const who = await fetch(`${idp.publicUrl}/sessions/whoami`, { method: 'DELETE', headers: { 'X-Session-Token': mine } });
    expect(who.status).toBe(200);
    expect(((await who.json()) as { identity: { id: string } }).identity.id).toBe(user.id);
    expect((await failure(native.disableMyOtherSessions({ xSessionToken: 'ory_st_nobody' }))).status).toBe(401);
  });
});

describe('GET /sessions/token-exchange', () => {
  it('needs both codes (400) and answers 404 while the flow has issued no session', async () => {
    const native = nativeFrontend(idp.publicUrl);
    const missing = await failure(native.exchangeSessionToken({ initCode: 'x', returnToCode: '' }));
    expect(missing.status).toBe(400);
    expect((missing.body.error as { reason: string }).reason).toBe('"init_code" and "return_to_code" query params must be set');
    const flow = await native.createNativeLoginFlow({ returnSessionTokenExchangeCode: true });
    expect(flow.session_token_exchange_code).toMatch(/^[A-Za-z0-9]{64}$/);
    const pending = await failure(native.exchangeSessionToken({ initCode: flow.session_token_exchange_code ?? '', returnToCode: 'unknown' }));
    expect(pending.status).toBe(404);
    expect((pending.body.error as { reason: string }).reason).toBe('no session yet for this "code"');
    // Only shown when the flow is created; fetching it later does not repeat it.
    expect((await native.getLoginFlow({ id: flow.id })).session_token_exchange_code).toBeUndefined();
    // Registration reads the flag as the string "true" only; browser flows never get a code.
    expect((await native.createNativeRegistrationFlow({ returnSessionTokenExchangeCode: true })).session_token_exchange_code).toMatch(/^[A-Za-z0-9]{64}$/);
    const plain = await fetch(`${idp.publicUrl}/self-service/registration/api?return_session_token_exchange_code=1`, { headers: { Accept: 'application/json' } });
    expect(((await plain.json()) as Record<string, unknown>).session_token_exchange_code).toBeUndefined();
    const browser = await fetch(`${idp.publicUrl}/self-service/login/browser?return_session_token_exchange_code=true`, { headers: { Accept: 'application/json' } });
    expect(((await browser.json()) as Record<string, unknown>).session_token_exchange_code).toBeUndefined();
  });

  it('a password sign-in on a native flow still answers with the session token directly', async () => {
    const user = await createUser(idp.adminUrl);
    const native = nativeFrontend(idp.publicUrl);
    const flow = await native.createNativeLoginFlow({ returnSessionTokenExchangeCode: true });
    const done = await native.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: user.email, password: STRONG_PASSWORD } });
    expect(done.session_token).toMatch(/^ory_st_/);
  });
});
