import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freshDatabase, migrateDb } from '@/tests/support/fresh-database';
import { Browser } from '../identity/support/browser';
import { csrfOf, STRONG_PASSWORD, uniqueEmail } from '../identity/support/flows';
import { adminHeaders, startIdentity, TEST_ADMIN_TOKEN, type IdentityProcess } from '../identity/support/server';

/*
 * Issue 20 point 7: one identity round-trip per navigation. The real route guard, on a real HTTP
 * server as the app's server runs it (lib/server/guard/node-guard.ts), checks the session with
 * the real identity service and hands it to the page in a signed request header; the
 * page's resolveUser takes it instead of asking again. A counting proxy in front of the identity
 * service's public API counts the whoami calls. A forged, tampered or borrowed header is ignored:
 * the page asks the identity service itself and gets the truth.
 */
const APP = 'http://argus.test';
const HEADER = 'x-argus-session';

let identity: IdentityProcess;
let proxy: Server;
let whoamiCalls = 0;
let db: Awaited<ReturnType<typeof freshDatabase>>;
const saved = { ...process.env };
const cookies: Record<'alice' | 'bob', string> = { alice: '', bob: '' };
const ids: Record<'alice' | 'bob', string> = { alice: '', bob: '' };

let guardNodeRequest: typeof import('@/lib/server/guard/node-guard').guardNodeRequest;
let resolveUser: typeof import('@/lib/server/auth/current-user').resolveUser;
let app: Server;

/** Forwards everything to the identity service, counting GET /sessions/whoami. */
function countingProxy(target: URL): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/sessions/whoami')) whoamiCalls++;
    const upstream = httpRequest({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

async function signedInUser(name: string): Promise<{ id: string; cookie: string }> {
  const email = uniqueEmail(name);
  const created = await fetch(`${identity.adminUrl}/admin/identities`, {
    method: 'POST',
    headers: adminHeaders({ 'Content-Type': 'application/json' }),
    body: JSON.stringify({
      schema_id: 'default',
      traits: { email, name: { first: name, last: 'Ümlaut' } },
      metadata_public: { roles: ['customer'] },
      credentials: { password: { config: { password: STRONG_PASSWORD } } },
      verifiable_addresses: [{ value: email, verified: true, via: 'email', status: 'completed' }],
    }),
  });
  expect(created.status).toBe(201);
  const browser = new Browser();
  const api = browser.frontend(identity.publicUrl);
  const flow = await api.createBrowserLoginFlow();
  await api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: email, password: STRONG_PASSWORD, csrf_token: csrfOf(flow) } });
  return { id: ((await created.json()) as { id: string }).id, cookie: browser.cookieHeader() };
}

/** A server that runs the guard and answers with the request headers it would hand on to Next. */
function guardedServer(): Promise<Server> {
  const server = createServer((req, res) => {
    guardNodeRequest(req, res).then(
      (answered) => answered || res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(req.headers)),
      (err: Error) => res.writeHead(500).end(err.message),
    );
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

/** The request headers the guard hands on to the page. */
async function navigate(path: string, headers: Record<string, string>): Promise<string | null> {
  return (await handedOn(path, headers)).handoff;
}

/** The hand-off and the cookies the page sees (the sign-in page's get a new login flow's CSRF cookie added). */
async function handedOn(path: string, headers: Record<string, string>): Promise<{ handoff: string | null; cookie: string }> {
  const response = await fetch(`http://127.0.0.1:${(app.address() as AddressInfo).port}${path}`, { headers: { ...headers, 'sec-fetch-dest': 'document' }, redirect: 'manual' });
  expect(response.status).toBe(200);
  const handed = (await response.json()) as Record<string, string | undefined>;
  return { handoff: handed[HEADER] ?? null, cookie: handed.cookie ?? '' };
}

beforeAll(async () => {
  db = await freshDatabase();
  process.env.DATABASE_URL = db.url;
  process.env.APP_URL = APP;
  delete process.env.SESSION_HANDOFF_SECRET;
  identity = await startIdentity({ DATABASE_URL: db.url, IDENTITY_BASE_URL: `${APP}/`, IDENTITY_ALLOWED_RETURN_URLS: APP });
  proxy = await countingProxy(new URL(identity.publicUrl));
  process.env.KRATOS_PUBLIC_URL = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  process.env.KRATOS_ADMIN_URL = identity.adminUrl;
  process.env.KRATOS_ADMIN_TOKEN = TEST_ADMIN_TOKEN;
  // Imported only now: the identity URLs are read once, at first use.
  ({ guardNodeRequest } = await import('@/lib/server/guard/node-guard'));
  ({ resolveUser } = await import('@/lib/server/auth/current-user'));
  app = await guardedServer();
  const { db: appDb } = await import('@/lib/server/db/client');
  await migrateDb(appDb());
  for (const name of ['alice', 'bob'] as const) ({ id: ids[name], cookie: cookies[name] } = await signedInUser(name));
}, 60_000);

afterAll(async () => {
  const { pool } = await import('@/lib/server/db/client');
  await pool().end();
  for (const server of [app, proxy]) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
  await identity.stop();
  process.env = saved;
  await db.drop();
});

beforeEach(() => {
  whoamiCalls = 0;
});

it('a navigation asks the identity service once: the page takes the session the guard handed over', async () => {
  const handoff = await navigate('/mission-list', { cookie: cookies.alice });
  expect(handoff).toBeTruthy();
  expect(whoamiCalls).toBe(1);
  const user = await resolveUser(cookies.alice, { allowUnverified: true, handoff });
  expect(user?.actor.identityId).toBe(ids.alice);
  expect(user?.session.identity?.traits).toMatchObject({ name: { first: 'alice', last: 'Ümlaut' } });
  expect(whoamiCalls).toBe(1);
});

it('without the hand-off the page asks again (the fallback)', async () => {
  await navigate('/mission-list', { cookie: cookies.alice });
  const user = await resolveUser(cookies.alice, { allowUnverified: true, handoff: null });
  expect(user?.actor.identityId).toBe(ids.alice);
  expect(whoamiCalls).toBe(2);
});

it("a client's own copy of the header never reaches the page", async () => {
  const bobs = await navigate('/mission-list', { cookie: cookies.bob });
  const handed = await navigate('/mission-list', { cookie: cookies.alice, [HEADER]: bobs! });
  expect(handed).not.toBe(bobs);
  expect((await resolveUser(cookies.alice, { allowUnverified: true, handoff: handed }))?.actor.identityId).toBe(ids.alice);
});

it("another user's valid hand-off, presented with alice's cookies, is ignored: the page asks and gets alice", async () => {
  const bobs = await navigate('/mission-list', { cookie: cookies.bob });
  whoamiCalls = 0;
  const user = await resolveUser(cookies.alice, { allowUnverified: true, handoff: bobs });
  expect(user?.actor.identityId).toBe(ids.alice);
  expect(whoamiCalls).toBe(1);
});

it('a hand-off whose session was swapped, or whose signature was made up, is ignored', async () => {
  const alices = (await navigate('/mission-list', { cookie: cookies.alice }))!;
  const bobs = (await navigate('/mission-list', { cookie: cookies.bob }))!;
  const [expires, , signature] = alices.split('.');
  const swapped = `${expires}.${bobs.split('.')[1]}.${signature}`;
  const madeUp = `${expires}.${alices.split('.')[1]}.${'A'.repeat(43)}`;
  const nobody = `${Date.now() + 10_000}.${Buffer.from('null').toString('base64url')}.${'B'.repeat(43)}`;
  whoamiCalls = 0;
  for (const forged of [swapped, madeUp, nobody, 'garbage']) {
    expect((await resolveUser(cookies.alice, { allowUnverified: true, handoff: forged }))?.actor.identityId).toBe(ids.alice);
  }
  expect(whoamiCalls).toBe(4);
});

it('"nobody signed in" is handed over too: a stale cookie costs one call, and the sign-in page sees no user', async () => {
  const { handoff, cookie } = await handedOn('/auth/signin', { cookie: 'ory_kratos_session=stale' });
  expect(handoff).toBeTruthy();
  expect(cookie).toContain('ory_kratos_session=stale');
  expect(await resolveUser(cookie, { handoff })).toBeNull();
  expect(whoamiCalls).toBe(1);
});
