import { SYSTEM_ACTOR } from '@/lib/server/auth/actor';
import type { CurrentUser } from '@/lib/server/auth/current-user';
import { db as appDb, pool as appPool } from '@/lib/server/db/client';
import { createDomainContext } from '@/lib/server/domain/contexts';
import { storage as appStorage } from '@/lib/server/storage';
import { freshDatabase, migrateDb } from '@/tests/support/fresh-database';
import { buildWorld, type TestDb, type World } from '../missions/fixtures';
import { tempDir } from '../storage/helpers';

/*
 * Route handlers against real PostgreSQL and filesystem storage, called as the users of the
 * authorization matrix (tests/integration/missions/fixtures.ts). The session lookup is the one
 * thing replaced: a test file mocks resolveUser (jest.mock is hoisted) and `signedInAs` maps the
 * cookie `as=<role>` to that role's actor, so the handler's own admission, parsing,
 * authorization and domain verbs run as in production. Sign-in itself has its own tests.
 */

export type Role = keyof World['actors'];
export const APP = 'http://argus.test';

export interface AppWorld {
  t: TestDb;
  w: World;
  close(): Promise<void>;
}

export async function openAppWorld(name: string): Promise<AppWorld> {
  const saved = { DATABASE_URL: process.env.DATABASE_URL, STORAGE_DIR: process.env.STORAGE_DIR, APP_URL: process.env.APP_URL };
  const fresh = await freshDatabase();
  const dir = await tempDir(name);
  process.env.DATABASE_URL = fresh.url;
  process.env.STORAGE_DIR = dir.path;
  process.env.APP_URL = APP;
  await migrateDb(appDb());
  appStorage();
  const t: TestDb = { db: appDb(), pool: appPool(), system: createDomainContext({ db: appDb(), actor: SYSTEM_ACTOR, requestId: `req-${name}` }), close: async () => {} };
  const w = await buildWorld(t);
  return {
    t,
    w,
    close: async () => {
      await appPool().end();
      Object.assign(process.env, saved);
      await fresh.drop();
      await dir.remove();
    },
  };
}

/** The mocked resolveUser: `as=<role>` is that role's user, anything else is signed out. */
export function signedInAs(w: World) {
  return async (cookie: string | null): Promise<CurrentUser | null> => {
    const role = cookie?.match(/(?:^|;\s*)as=(\w+)/)?.[1] as Role | undefined;
    if (!role || !(role in w.actors)) return null;
    return { actor: w.actors[role], session: {}, facts: {} } as unknown as CurrentUser;
  };
}

type Route = (request: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Calls a route handler as `role` would from our own pages (same origin). */
export function callAs(route: Route, role: Role | null, method: string, path: string, { params = {}, headers = {} }: { params?: Record<string, string>; headers?: Record<string, string> } = {}) {
  const h = new Headers({ origin: APP, ...headers });
  if (role) h.set('cookie', `as=${role}`);
  return route(new Request(`${APP}${path}`, { method, headers: h }), { params: Promise.resolve(params) });
}
