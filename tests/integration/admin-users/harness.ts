import { Browser } from '../identity/support/browser';
import { csrfOf, STRONG_PASSWORD, uniqueEmail } from '../identity/support/flows';
import { adminHeaders, startIdentity, TEST_ADMIN_TOKEN, type IdentityProcess } from '../identity/support/server';
import { freshDatabase, migrateDb, openDb } from '@/tests/support/fresh-database';
import type { UserActor } from '@/lib/server/auth/actor';
import type { DomainContext } from '@/lib/server/domain/context';

/**
 * The user center and permissions screen against real PostgreSQL and the real identity service:
 * a fresh database, the identity service on it (base URL = our origin, as in production), and
 * helpers to create signed-in users and call route handlers with their cookies.
 */
export const APP = 'http://argus.test';

type Route = (request: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface Harness {
  identity: IdentityProcess;
  companyId: number;
  otherCompanyId: number;
  /** Customer 20 of the first company, and customer 7 of the other. */
  customer: { id: number; customerNumber: number; uuid: string };
  otherCustomer: { id: number; customerNumber: number; uuid: string };
  ctx(actor: UserActor): DomainContext;
  /** Creates a verified password identity with this metadata_public; returns its id and e-mail. */
  createUser(metadata: Record<string, unknown>, prefix?: string): Promise<{ id: string; email: string }>;
  /** A signed-in browser (through our identity proxy) and the actor our server resolves for it. */
  signIn(email: string, password?: string): Promise<{ browser: Browser; cookie: string; actor: UserActor }>;
  /** A cookie-jar browser that reaches the identity service through our proxy only. */
  browser(): Browser;
  /** Calls a route handler as that browser would (same-origin, with its cookie). */
  call(route: Route, method: string, path: string, options?: { cookie?: string; json?: unknown; params?: Record<string, string> }): Promise<Response>;
  stop(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const serverUrl = process.env.DATABASE_URL;
  const database = await freshDatabase();
  const { db, pool } = openDb(database.url);
  await migrateDb(db);
  await pool.end();
  process.env.DATABASE_URL = database.url;
  process.env.APP_URL = APP;
  const identity = await startIdentity({ DATABASE_URL: database.url, IDENTITY_BASE_URL: `${APP}/`, IDENTITY_ALLOWED_RETURN_URLS: APP });
  process.env.KRATOS_PUBLIC_URL = identity.publicUrl;
  process.env.KRATOS_ADMIN_URL = identity.adminUrl;
  process.env.KRATOS_ADMIN_TOKEN = TEST_ADMIN_TOKEN;

  const { proxyToIdentity } = await import('@/lib/server/identity/proxy');
  const { resolveUser } = await import('@/lib/server/auth/current-user');
  const { db: appDb, pool: appPool } = await import('@/lib/server/db/client');
  const { createDomainContext, systemContext } = await import('@/lib/server/domain/contexts');
  const { createCompanyFromJson } = await import('@/lib/server/companies/create-company');
  const { createCustomerFromJson } = await import('@/lib/server/customers/create-customer');
  const system = systemContext(appDb());
  const companyId = (await createCompanyFromJson(system, { name: 'Mainufer Projektentwicklung' })).id;
  const otherCompanyId = (await createCompanyFromJson(system, { name: 'Rheinland Immobilien' })).id;
  const c1 = await createCustomerFromJson(system, { name: 'Mainufer Projektentwicklung', companyId, customerNumber: 20 });
  const c2 = await createCustomerFromJson(system, { name: 'Rheinland Immobilien – Bestand', companyId: otherCompanyId, customerNumber: 7 });

  function browserViaProxy(): Browser {
    const browser = new Browser();
    browser.fetch = async (input, init = {}) => {
      const headers = new Headers(init.headers);
      const jar = browser.cookieHeader();
      if (jar) headers.set('Cookie', jar);
      const url = new URL(String(input));
      const res = await proxyToIdentity(new Request(`${APP}${url.pathname}${url.search}`, { ...init, headers }));
      browser.store(res);
      return res;
    };
    return browser;
  }

  return {
    identity,
    companyId,
    otherCompanyId,
    customer: { id: c1.id, customerNumber: c1.customerNumber, uuid: c1.uuid },
    otherCustomer: { id: c2.id, customerNumber: c2.customerNumber, uuid: c2.uuid },
    ctx: (actor) => createDomainContext({ db: appDb(), actor }),
    browser: browserViaProxy,
    async createUser(metadata, prefix = 'user') {
      const email = uniqueEmail(prefix);
      const res = await fetch(`${identity.adminUrl}/admin/identities`, {
        method: 'POST',
        headers: adminHeaders({ 'Content-Type': 'application/json' }),
        body: JSON.stringify({
          schema_id: 'default',
          traits: { email, name: { first: 'Ann', last: prefix } },
          metadata_public: metadata,
          credentials: { password: { config: { password: STRONG_PASSWORD } } },
          verifiable_addresses: [{ value: email, verified: true, via: 'email', status: 'completed' }],
        }),
      });
      if (res.status !== 201) throw new Error(`create identity: ${res.status} ${await res.text()}`);
      return { id: ((await res.json()) as { id: string }).id, email };
    },
    async signIn(email, password = STRONG_PASSWORD) {
      const browser = browserViaProxy();
      const api = browser.frontend(APP);
      const flow = await api.createBrowserLoginFlow();
      await api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: email, password, csrf_token: csrfOf(flow) } });
      const cookie = browser.cookieHeader();
      const user = await resolveUser(cookie);
      if (!user) throw new Error(`${email} is not signed in`);
      return { browser, cookie, actor: user.actor };
    },
    call(route, method, path, { cookie, json, params = {} } = {}) {
      const headers = new Headers({ origin: APP });
      if (cookie) headers.set('cookie', cookie);
      if (json !== undefined) headers.set('content-type', 'application/json');
      const request = new Request(`${APP}${path}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
      return route(request, { params: Promise.resolve(params) });
    },
    async stop() {
      await identity.stop();
      await appPool().end();
      process.env.DATABASE_URL = serverUrl;
      await database.drop();
    },
  };
}
