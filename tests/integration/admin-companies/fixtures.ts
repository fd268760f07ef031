import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { SYSTEM_ACTOR, type Actor } from '@/lib/server/auth/actor';
import type { Db } from '@/lib/server/db/client';
import type { DomainContext } from '@/lib/server/domain/context';
import { freshDatabase, migrateDb } from '@/tests/support/fresh-database';
import { missionInput } from '../missions/fixtures';
import { createDomainContext } from '@/lib/server/domain/contexts';

/**
 * A fresh, migrated database that is also the app's default one (`db()` reads DATABASE_URL on
 * first use): `permissionsOf` reads the stored role table through it, so the verbs' permission
 * checks see what the test writes there.
 */
export async function openCenterDb() {
  const fresh = await freshDatabase();
  const server = process.env.DATABASE_URL;
  process.env.DATABASE_URL = fresh.url;
  const client = await import('@/lib/server/db/client');
  const db: Db = client.db();
  const pool: Pool = client.pool();
  await migrateDb(db);
  const system = createDomainContext({ db, actor: SYSTEM_ACTOR, requestId: 'req-center-system' });
  return {
    db,
    pool,
    system,
    close: async () => {
      await pool.end();
      // freshDatabase drops through the server's own database, not the one being dropped.
      process.env.DATABASE_URL = server;
      await fresh.drop();
    },
  };
}
export type CenterDb = Awaited<ReturnType<typeof openCenterDb>>;

export const ROLES = ['admin', 'advanced', 'operator', 'customer', 'external'] as const;
export type Role = (typeof ROLES)[number];

/** The provider, a customer company with a customer, a sub-customer and a mission, and one actor per built-in role. */
export async function buildCenterWorld(t: CenterDb) {
  const { createCompanyFromJson } = await import('@/lib/server/companies/create-company');
  const { createCustomerFromJson } = await import('@/lib/server/customers/create-customer');
  const { createMissionFromJson } = await import('@/lib/server/missions/create-mission');
  const { system } = t;
  const provider = await createCompanyFromJson(system, { name: 'Argus Provider GmbH', type: 'internal', isProvider: true, town: 'München' });
  const nord = await createCompanyFromJson(system, { name: 'Nord Hausverwaltung GmbH', town: 'Hamburg', contactEmail: 'technik@nord.example.com' });
  const c1 = await createCustomerFromJson(system, { name: 'Provider Eigenprojekte', companyId: provider.id, customerNumber: 1 });
  const c6 = await createCustomerFromJson(system, { name: 'Nord Zentrale', companyId: nord.id, customerNumber: 6 });
  const c11 = await createCustomerFromJson(system, { name: 'Nord Altona', companyId: nord.id, customerNumber: 11, parentId: c6.id });
  const mission = await createMissionFromJson(system, missionInput(nord.id, { name: 'Nord Bestandsaufnahme', customerId: c6.id }));

  const actor = (roles: string[], companyId: number | null, customerId: number | null, customerNumber: number | null): Actor => ({
    kind: 'user',
    identityId: randomUUID(),
    roles,
    companyId,
    customerId,
    customerNumber,
  });
  const actors: Record<Role, Actor> = {
    admin: actor(['admin'], provider.id, null, null),
    advanced: actor(['advanced'], provider.id, null, null),
    operator: actor(['operator'], provider.id, null, null),
    customer: actor(['customer'], nord.id, c6.id, 6),
    external: actor(['external'], nord.id, c11.id, 11),
  };
  const ctx = (who: Actor | Role, requestId = 'req-center'): DomainContext => createDomainContext({ db: t.db, actor: typeof who === 'string' ? actors[who] : who, requestId });
  return { companies: { provider, nord }, customers: { c1, c6, c11 }, mission, actors, actor, ctx };
}
export type CenterWorld = Awaited<ReturnType<typeof buildCenterWorld>>;

/** 'ok', or the code of the AppError the call failed with. */
export async function outcome(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return 'ok';
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (!code) throw err;
    return code;
  }
}

/** The error a call failed with (fails the test when it succeeds). */
export async function failure(run: () => Promise<unknown>): Promise<{ code: string; status: number; message: string; details?: Record<string, unknown> }> {
  try {
    await run();
  } catch (err) {
    return err as { code: string; status: number; message: string; details?: Record<string, unknown> };
  }
  throw new Error('expected the call to fail');
}

/** Audit events of one entity, oldest first. */
export async function auditOf(t: CenterDb, entity: string, id: number) {
  const { rows } = await t.pool.query(`select actor_id, action, diff, request_id from audit_event where entity = $1 and entity_id = $2 order by id`, [entity, String(id)]);
  return rows as { actor_id: string | null; action: string; diff: Record<string, unknown>; request_id: string | null }[];
}
