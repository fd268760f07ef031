import { eq } from 'drizzle-orm';
import { SYSTEM_ACTOR } from '@/lib/server/auth/actor';
import { db as appDb, pool as appPool } from '@/lib/server/db/client';
import { appUser, mission } from '@/lib/server/db/schema';
import { upsertUserProfile } from '@/lib/server/users/upsert-user-profile';
import { createDomainContext } from '@/lib/server/domain/contexts';
import { storage as appStorage } from '@/lib/server/storage';
import { freshDatabase, migrateDb } from '@/tests/support/fresh-database';
import { buildWorld, type TestDb, type World } from '../missions/fixtures';
import { Browser } from '../identity/support/browser';
import { csrfOf, STRONG_PASSWORD, uniqueEmail } from '../identity/support/flows';
import { adminHeaders, startIdentity, TEST_ADMIN_TOKEN, type IdentityProcess } from '../identity/support/server';
import { tempDir } from '../storage/helpers';

/*
 * Route handlers against real PostgreSQL, filesystem storage and the real identity service, called
 * by the users of the authorization matrix (tests/integration/missions/fixtures.ts) signed in
 * through it. Each role's user is a real identity with the role in its metadata; its Argus
 * profile carries the world's company and customer, and the world's missions name it where they
 * named the role's fixture user (owner, assignee). `ids` are the signed-in users' identity ids.
 */

export type Role = keyof World['actors'];
export const APP = 'http://argus.test';

export interface AppWorld {
  t: TestDb;
  w: World;
  /** Identity ids of the signed-in users, by role. */
  ids: Record<Role, string>;
  close(): Promise<void>;
}

const cookies = new Map<Role, string>();

export async function openAppWorld(name: string): Promise<AppWorld> {
  const saved = {
    DATABASE_URL: process.env.DATABASE_URL,
    STORAGE_DIR: process.env.STORAGE_DIR,
    APP_URL: process.env.APP_URL,
    KRATOS_PUBLIC_URL: process.env.KRATOS_PUBLIC_URL,
    KRATOS_ADMIN_URL: process.env.KRATOS_ADMIN_URL,
    KRATOS_ADMIN_TOKEN: process.env.KRATOS_ADMIN_TOKEN,
  };
  const fresh = await freshDatabase();
  const dir = await tempDir(name);
  process.env.DATABASE_URL = fresh.url;
  process.env.STORAGE_DIR = dir.path;
  process.env.APP_URL = APP;
  await migrateDb(appDb());
  appStorage();
  const t: TestDb = { db: appDb(), pool: appPool(), system: createDomainContext({ db: appDb(), actor: SYSTEM_ACTOR, requestId: `req-${name}` }), close: async () => {} };
  const w = await buildWorld(t);
  const identity = await startIdentity({ DATABASE_URL: fresh.url, IDENTITY_BASE_URL: `${APP}/`, IDENTITY_ALLOWED_RETURN_URLS: APP });
  process.env.KRATOS_PUBLIC_URL = identity.publicUrl;
  process.env.KRATOS_ADMIN_URL = identity.adminUrl;
  process.env.KRATOS_ADMIN_TOKEN = TEST_ADMIN_TOKEN;
  const ids = {} as Record<Role, string>;
  for (const role of Object.keys(w.actors) as Role[]) ids[role] = await signInAs(identity, t, w, role);
  return {
    t,
    w,
    ids,
    close: async () => {
      cookies.clear();
      await identity.stop();
      await appPool().end();
      Object.assign(process.env, saved);
      await fresh.drop();
      await dir.remove();
    },
  };
}

/**
 * Creates the role's user in the identity service, gives it the fixture user's profile (company,
 * customer, name) and missions, and signs it in: its cookie is what `callAs` sends for the role.
 */
async function signInAs(identity: IdentityProcess, t: TestDb, w: World, role: Role): Promise<string> {
  const actor = w.actors[role] as Extract<World['actors'][Role], { kind: 'user' }>;
  const email = uniqueEmail(role);
  const created = await fetch(`${identity.adminUrl}/admin/identities`, {
    method: 'POST',
    headers: adminHeaders({ 'Content-Type': 'application/json' }),
    body: JSON.stringify({
      schema_id: 'default',
      traits: { email, name: { first: role, last: 'Test' } },
      metadata_public: { roles: actor.roles, ...(actor.customerNumber ? { customerID: actor.customerNumber } : {}) },
      credentials: { password: { config: { password: STRONG_PASSWORD } } },
      verifiable_addresses: [{ value: email, verified: true, via: 'email', status: 'completed' }],
    }),
  });
  if (created.status !== 201) throw new Error(`create identity: ${created.status} ${await created.text()}`);
  const id = ((await created.json()) as { id: string }).id;
  const [fixture] = await t.db.select().from(appUser).where(eq(appUser.identityId, actor.identityId));
  await upsertUserProfile(t.system, { identityId: id, email, displayName: fixture!.displayName, companyId: actor.companyId, customerId: actor.customerId });
  await t.db.update(mission).set({ assigneeId: id }).where(eq(mission.assigneeId, actor.identityId));
  await t.db.update(mission).set({ ownerId: id }).where(eq(mission.ownerId, actor.identityId));

  const browser = new Browser();
  const api = browser.frontend(identity.publicUrl);
  const flow = await api.createBrowserLoginFlow();
  await api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: email, password: STRONG_PASSWORD, csrf_token: csrfOf(flow) } });
  cookies.set(role, browser.cookieHeader());
  return id;
}

type Route = (request: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Calls a route handler as `role` would from our own pages (same origin); `json` (or raw `body` bytes) is sent as the body. */
export function callAs(
  route: Route,
  role: Role | null,
  method: string,
  path: string,
  { params = {}, headers = {}, json, raw }: { params?: Record<string, string>; headers?: Record<string, string>; json?: unknown; raw?: Uint8Array<ArrayBuffer> } = {},
) {
  const h = new Headers({ origin: APP, ...headers });
  if (role) h.set('cookie', cookies.get(role)!);
  if (json !== undefined) h.set('content-type', 'application/json');
  const body = json === undefined ? raw : JSON.stringify(json);
  return route(new Request(`${APP}${path}`, { method, headers: h, body }), { params: Promise.resolve(params) });
}
