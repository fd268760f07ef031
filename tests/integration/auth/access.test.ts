import { Browser } from '../identity/support/browser';
import { csrfOf, STRONG_PASSWORD, uniqueEmail } from '../identity/support/flows';
import { adminHeaders, startIdentity, TEST_ADMIN_TOKEN, type IdentityProcess } from '../identity/support/server';
import { freshDatabase, migrateDb, openDb } from '@/tests/support/fresh-database';

/**
 * Issue 4 items 1, 5 and 8 against the real identity service and PostgreSQL: the proxy on our
 * origin, the current user resolved from the browser's cookie, and GET /api/v2/permission.
 */
describe('sign-in and access on the server', () => {
  const APP = 'http://argus.test';
  let identity: IdentityProcess;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let proxy: (request: Request) => Promise<Response>;
  let resolveUser: typeof import('@/lib/server/auth/current-user').resolveUser;
  let permissionGET: (request: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
  let customerNumber: number;
  let companyId: number;
  const serverUrl = process.env.DATABASE_URL;

  const noParams = { params: Promise.resolve({}) };

  /** A browser that reaches the identity service only through our proxy. */
  function browserViaProxy(): Browser {
    const browser = new Browser();
    browser.fetch = async (input, init = {}) => {
      const headers = new Headers(init.headers);
      const jar = browser.cookieHeader();
      if (jar) headers.set('Cookie', jar);
      const url = new URL(String(input));
      const res = await proxy(new Request(`${APP}${url.pathname}${url.search}`, { ...init, headers }));
      browser.store(res);
      return res;
    };
    return browser;
  }

  async function createIdentity(email: string, metadata: Record<string, unknown>, verified = true) {
    const res = await fetch(`${identity.adminUrl}/admin/identities`, {
      method: 'POST',
      headers: adminHeaders({ 'Content-Type': 'application/json' }),
      body: JSON.stringify({
        schema_id: 'default',
        traits: { email, name: { first: 'Ann', last: 'Lee' } },
        metadata_public: metadata,
        credentials: { password: { config: { password: STRONG_PASSWORD } } },
        verifiable_addresses: [{ value: email, verified, via: 'email', status: verified ? 'completed' : 'pending' }],
      }),
    });
    expect(res.status).toBe(201);
  }

  async function signedIn(email: string): Promise<Browser> {
    const browser = browserViaProxy();
    const api = browser.frontend(APP);
    const flow = await api.createBrowserLoginFlow();
    await api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: email, password: STRONG_PASSWORD, csrf_token: csrfOf(flow) } });
    return browser;
  }

  beforeAll(async () => {
    database = await freshDatabase();
    const { db, pool } = openDb(database.url);
    await migrateDb(db);
    await pool.end();
    process.env.DATABASE_URL = database.url;
    process.env.APP_URL = APP;
    identity = await startIdentity({ DATABASE_URL: database.url, IDENTITY_BASE_URL: `${APP}/`, IDENTITY_ALLOWED_RETURN_URLS: APP });
    process.env.KRATOS_PUBLIC_URL = identity.publicUrl;
    process.env.KRATOS_ADMIN_URL = identity.adminUrl;
    process.env.KRATOS_ADMIN_TOKEN = TEST_ADMIN_TOKEN;

    ({ proxyToIdentity: proxy } = await import('@/lib/server/identity/proxy'));
    ({ resolveUser } = await import('@/lib/server/auth/current-user'));
    ({ GET: permissionGET } = await import('@/app/api/v2/permission/route'));
    const { db: appDb } = await import('@/lib/server/db/client');
    const { systemContext } = await import('@/lib/server/domain/contexts');
    const { createCompanyFromJson } = await import('@/lib/server/companies/create-company');
    const { createCustomerFromJson } = await import('@/lib/server/customers/create-customer');
    const ctx = systemContext(appDb());
    companyId = (await createCompanyFromJson(ctx, { name: 'Hausverwaltung Test' })).id;
    customerNumber = (await createCustomerFromJson(ctx, { name: 'Hausverwaltung Test – Zentrale', companyId, customerNumber: 6 })).customerNumber;
  }, 60_000);

  afterAll(async () => {
    await identity?.stop();
    const { pool } = await import('@/lib/server/db/client');
    await pool().end();
    process.env.DATABASE_URL = serverUrl;
    await database?.drop();
  });

  it('proxies browser flows on our origin: the CSRF and session cookies are host-only and HttpOnly', async () => {
    const email = uniqueEmail();
    await createIdentity(email, { roles: ['customer'], customerID: 6 });
    const browser = await signedIn(email);
    const session = browser.cookie('ory_kratos_session');
    expect(session).toBeDefined();
    expect(session!.attributes.map((a) => a.toLowerCase())).toEqual(expect.arrayContaining(['httponly', 'path=/']));
    expect(session!.attributes.some((a) => /^domain=/i.test(a))).toBe(false);
    expect(browser.cookie('csrf_token_')!.attributes.map((a) => a.toLowerCase())).toContain('httponly');

    const whoami = await browser.fetch(`${APP}/sessions/whoami`, { headers: { Accept: 'application/json' } });
    expect(whoami.status).toBe(200);
    expect(((await whoami.json()) as { identity: { traits: { email: string } } }).identity.traits.email).toBe(email);
  });

  it('passes redirects to the browser instead of following them', async () => {
    const res = await proxy(new Request(`${APP}/self-service/login/browser`));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(new RegExp(`^${APP}/auth/signin\\?flow=`));
    expect(res.headers.getSetCookie().some((c) => c.startsWith('csrf_token_'))).toBe(true);
  });

  it('resolves the actor from the cookie: roles, customer number and the Argus profile linked to that customer', async () => {
    const email = uniqueEmail();
    await createIdentity(email, { role: 'customer', roles: ['external'], customerID: 6 });
    const browser = await signedIn(email);
    const user = await resolveUser(browser.cookieHeader());
    expect(user?.facts).toMatchObject({ email, roles: ['external', 'customer'], customerNumber, verified: true });
    expect(user?.actor).toMatchObject({ kind: 'user', roles: ['external', 'customer'], customerNumber: 6, companyId });
    expect(await resolveUser('ory_kratos_session=forged')).toBeNull();
    expect(await resolveUser(null)).toBeNull();
  });

  it('reads the session\'s roles with the profile, so a role edited between two requests applies to the second', async () => {
    const { permissionsOf } = await import('@/lib/server/auth/permissions');
    const { loadRoles } = await import('@/lib/server/auth/permission-store');
    const { pool } = await import('@/lib/server/db/client');
    const email = uniqueEmail();
    await createIdentity(email, { roles: ['external'] });
    const browser = await signedIn(email);
    await resolveUser(browser.cookieHeader()); // the first visit makes the profile
    const before = (await resolveUser(browser.cookieHeader()))!;
    expect(before.actor.storedRoles).toEqual(await loadRoles(['external']));
    expect((await permissionsOf(before.actor)).UI.menu).toMatchObject({ missionList: true, planner: false });

    await pool().query(`insert into app_role (name, permissions, user_level, built_in, version) values ('external', '{UI.menu.missionList,UI.menu.planner}', 10, true, 3)`);
    try {
      const after = (await resolveUser(browser.cookieHeader()))!;
      expect(after.actor.storedRoles).toEqual([expect.objectContaining({ name: 'external', permissions: ['UI.menu.missionList', 'UI.menu.planner'], version: 3 })]);
      expect((await permissionsOf(after.actor)).UI.menu).toMatchObject({ missionList: true, planner: true });
    } finally {
      await pool().query(`delete from app_role where name = 'external'`);
    }
  });

  it('GET /api/v2/permission: 401 without a session, the role flags with one (map view for customer 6)', async () => {
    const anonymous = await permissionGET(new Request(`${APP}/api/v2/permission`), noParams);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { code: 'unauthenticated' } });

    const email = uniqueEmail();
    await createIdentity(email, { roles: ['customer'], customerID: 6 });
    const browser = await signedIn(email);
    const res = await permissionGET(new Request(`${APP}/api/v2/permission`, { headers: { cookie: browser.cookieHeader() } }), noParams);
    expect(res.status).toBe(200);
    const set = (await res.json()) as { UI: { menu: Record<string, boolean> }; allow: Record<string, boolean>; write: Record<string, boolean> };
    expect(set.UI.menu).toMatchObject({ mapOverview: true, planner: true, missionList: true, userCenter: false, companyCenter: false });
    expect(set.allow.chooseCompany).toBe(false);
    expect(set.write.customer).toBe(false);
  });

  it('refuses an unverified user with 403 not_authorized, as the guard sends them to /auth/verify', async () => {
    const email = uniqueEmail();
    await createIdentity(email, { roles: ['customer'], customerID: 6 }, false);
    const browser = await signedIn(email);
    const cookie = browser.cookieHeader();
    const res = await permissionGET(new Request(`${APP}/api/v2/permission`, { headers: { cookie } }), noParams);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'not_authorized', message: expect.stringMatching(/not verified/), details: { reason: 'unverified' } } });
    const { GET: meGET } = await import('@/app/api/v2/me/route');
    expect((await meGET(new Request(`${APP}/api/v2/me`, { headers: { cookie } }), noParams)).status).toBe(403);
    // What the verify screen needs keeps answering: the session (identity proxy) and the public config.
    expect((await browser.fetch(`${APP}/sessions/whoami`, { headers: { Accept: 'application/json' } })).status).toBe(200);
    const { GET: configGET } = await import('@/app/api/v2/config/route');
    expect((await configGET(new Request(`${APP}/api/v2/config`, { headers: { cookie } }), noParams)).status).toBe(200);
    // Pages resolve the user to redirect them to /auth/verify.
    expect((await resolveUser(cookie, { allowUnverified: true }))?.facts.verified).toBe(false);
  });

  // Issue 20: the pickers showed a name from before an edit, and offered unverified users and users without a role.
  it('mirrors the identity into the profile at each visit: current name, roles, and assignable only when verified with a role', async () => {
    const { db: appDb } = await import('@/lib/server/db/client');
    const { appUser } = await import('@/lib/server/db/schema');
    const { eq } = await import('drizzle-orm');
    const { listUsersFromJson } = await import('@/lib/server/users/list-users');
    const { systemContext } = await import('@/lib/server/domain/contexts');
    const profile = async (id: string) => (await appDb().select().from(appUser).where(eq(appUser.identityId, id)))[0]!;
    const offered = async () => (await listUsersFromJson(systemContext(), { limit: 500 })).map((u) => u.identityId);

    const unverified = uniqueEmail();
    await createIdentity(unverified, { roles: ['customer'], customerID: 6 }, false);
    const pending = (await resolveUser((await signedIn(unverified)).cookieHeader(), { allowUnverified: true }))!;
    expect((await profile(pending.facts.identityId)).assignable).toBe(false);

    const roleless = uniqueEmail();
    await createIdentity(roleless, { customerID: 6 });
    const waiting = (await resolveUser((await signedIn(roleless)).cookieHeader()))!;
    expect((await profile(waiting.facts.identityId)).assignable).toBe(false);

    const email = uniqueEmail();
    await createIdentity(email, { roles: ['customer'], customerID: 6 });
    const browser = await signedIn(email);
    const user = (await resolveUser(browser.cookieHeader()))!;
    const id = user.facts.identityId;
    expect(await profile(id)).toMatchObject({ displayName: 'Ann Lee', assignable: true, roles: ['customer'] });
    expect(await offered()).toEqual(expect.arrayContaining([id]));
    expect(await offered()).not.toEqual(expect.arrayContaining([pending.facts.identityId]));
    expect(await offered()).not.toEqual(expect.arrayContaining([waiting.facts.identityId]));

    const patched = await fetch(`${identity.adminUrl}/admin/identities/${id}`, {
      method: 'PATCH',
      headers: adminHeaders({ 'Content-Type': 'application/json' }),
      body: JSON.stringify([{ op: 'replace', path: '/traits/name/first', value: 'Anna' }]),
    });
    expect(patched.status).toBe(200);
    await resolveUser(browser.cookieHeader());
    expect((await profile(id)).displayName).toBe('Anna Lee');

    // Roles follow too: jobs tell the administrators by them (storage damage).
    const promoted = await fetch(`${identity.adminUrl}/admin/identities/${id}`, {
      method: 'PATCH',
      headers: adminHeaders({ 'Content-Type': 'application/json' }),
      body: JSON.stringify([{ op: 'replace', path: '/metadata_public/roles', value: ['customer', 'admin'] }]),
    });
    expect(promoted.status).toBe(200);
    await resolveUser(browser.cookieHeader());
    expect((await profile(id)).roles).toEqual(['admin', 'customer']);
  });

  it('a customer outside the map-view list gets no map view', async () => {
    const email = uniqueEmail();
    await createIdentity(email, { roles: ['customer'], customerID: 7 });
    const browser = await signedIn(email);
    const res = await permissionGET(new Request(`${APP}/api/v2/permission`, { headers: { cookie: browser.cookieHeader() } }), noParams);
    expect(((await res.json()) as { UI: { menu: { mapOverview: boolean } } }).UI.menu.mapOverview).toBe(false);
  });
});
