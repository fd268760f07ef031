import type { Pool } from 'pg';
import { randomUUID } from 'node:crypto';
import { SYSTEM_ACTOR, type Actor } from '@/lib/server/auth/actor';
import { createCompanyFromJson } from '@/lib/server/companies/create-company';
import { createCustomerFromJson } from '@/lib/server/customers/create-customer';
import type { Db } from '@/lib/server/db/client';
import type { DomainContext } from '@/lib/server/domain/context';
import { createMissionFromJson } from '@/lib/server/missions/create-mission';
import { shareMissionFromJson } from '@/lib/server/missions/share-mission';
import { upsertUserProfile } from '@/lib/server/users/upsert-user-profile';
import { metresPerDegree, type PolygonGeometry } from '@/lib/shared/geo';
import type { CreateMissionInput } from '@/lib/shared/schemas/mission';
import { freshDatabase, migrateDb, openDb } from '@/tests/support/fresh-database';
import { createDomainContext } from '@/lib/server/domain/contexts';

/** A 20 m × 10 m rectangle in Munich (200 m²). */
export function rectangle(): PolygonGeometry {
  const [lon, lat] = [11.5755, 48.1374];
  const m = metresPerDegree(lat);
  const e = 20 / m.lon;
  const n = 10 / m.lat;
  return { type: 'Polygon', coordinates: [[[lon, lat], [lon + e, lat], [lon + e, lat + n], [lon, lat + n], [lon, lat]]] };
}

export interface TestDb {
  db: Db;
  pool: Pool;
  system: DomainContext;
  close(): Promise<void>;
}

export async function openTestDb(): Promise<TestDb> {
  const fresh = await freshDatabase();
  const { db, pool } = openDb(fresh.url);
  await migrateDb(db);
  return {
    db,
    pool,
    system: createDomainContext({ db, actor: SYSTEM_ACTOR, requestId: 'req-missions-test' }),
    close: async () => {
      await pool.end();
      await fresh.drop();
    },
  };
}

export const missionInput = (companyId: number, over: Partial<CreateMissionInput> = {}): CreateMissionInput => ({
  name: 'Aufmaß Teststraße 1',
  companyId,
  products: ['pointcloud', 'cad'],
  buildings: [{ name: 'Haus', footprint: rectangle(), levels: 3 }],
  ...over,
});

/**
 * The tenants of the authorization matrix, shaped like the demo data: the provider with its
 * staff, two customer companies (nord = customer 6, rheinland = customer 7) and the materials
 * partner (customer 37), with missions that are own, shared, assigned or foreign for each role.
 */
export async function buildWorld(t: TestDb) {
  const { system } = t;
  const provider = await createCompanyFromJson(system, { name: 'Provider GmbH', type: 'internal', isProvider: true });
  const nord = await createCompanyFromJson(system, { name: 'Nord GmbH' });
  const rheinland = await createCompanyFromJson(system, { name: 'Rheinland KG' });
  const partner = await createCompanyFromJson(system, { name: 'Fassadenwerk AG', type: 'partner', isMaterialsPartner: true });
  const c1 = await createCustomerFromJson(system, { name: 'Provider Eigenprojekte', companyId: provider.id, customerNumber: 1 });
  const c6 = await createCustomerFromJson(system, { name: 'Nord Zentrale', companyId: nord.id, customerNumber: 6 });
  const c11 = await createCustomerFromJson(system, { name: 'Nord Altona', companyId: nord.id, customerNumber: 11, parentId: c6.id });
  const c7 = await createCustomerFromJson(system, { name: 'Rheinland Bestand', companyId: rheinland.id, customerNumber: 7 });
  const c37 = await createCustomerFromJson(system, { name: 'Fassadenwerk Objektberatung', companyId: partner.id, customerNumber: 37 });

  const ids = { admin: randomUUID(), advanced: randomUUID(), operator: randomUUID(), customer: randomUUID(), customer2: randomUUID(), external: randomUUID() };
  const profiles: [keyof typeof ids, string, number | null, number | null][] = [
    ['admin', 'Andrea Admin', provider.id, null],
    ['advanced', 'Markus Manager', provider.id, null],
    ['operator', 'Oliver Operator', provider.id, null],
    ['customer', 'Claudia Kundin', nord.id, c6.id],
    ['customer2', 'Christian Kunde', rheinland.id, c7.id],
    ['external', 'Eva Extern', partner.id, c37.id],
  ];
  for (const [key, displayName, companyId, customerId] of profiles) {
    await upsertUserProfile(system, { identityId: ids[key], email: `${key}@example.com`, displayName, companyId, customerId });
  }
  // Every world user is verified and has a role, as current-user.ts would have mirrored at their first visit.
  await t.pool.query('update app_user set assignable = true');
  const actor = (key: keyof typeof ids, roles: string[], companyId: number | null, customerId: number | null, customerNumber: number | null): Actor => ({
    kind: 'user',
    identityId: ids[key],
    roles,
    companyId,
    customerId,
    customerNumber,
  });
  const actors = {
    admin: actor('admin', ['admin'], provider.id, null, null),
    advanced: actor('advanced', ['advanced'], provider.id, null, null),
    operator: actor('operator', ['operator'], provider.id, null, null),
    customer: actor('customer', ['customer'], nord.id, c6.id, 6),
    customer2: actor('customer2', ['customer'], rheinland.id, c7.id, 7),
    external: actor('external', ['external'], partner.id, c37.id, 37),
  };

  const m = {
    nord: await createMissionFromJson(system, missionInput(nord.id, { name: 'Nord Bestandsaufnahme', customerId: c6.id, internalReference: 'HVN-1' })),
    /** Rheinland's, shared with nord's customer 6 and the partner's customer 37. */
    rheinShared: await createMissionFromJson(system, missionInput(rheinland.id, { name: 'Rheinland geteilt', customerId: c7.id })),
    /** Rheinland's, assigned to the operator. */
    rheinAssigned: await createMissionFromJson(system, missionInput(rheinland.id, { name: 'Rheinland Scan', customerId: c7.id, assigneeId: ids.operator })),
    partner: await createMissionFromJson(system, missionInput(partner.id, { name: 'fassade_sued', customerId: c37.id, internalReference: 'FWB-1' })),
    provider: await createMissionFromJson(system, missionInput(provider.id, { name: 'Eigenprojekt Halle', customerId: c1.id })),
    /** Rheinland's and nobody else's: foreign to every non-internal test user. */
    rheinForeign: await createMissionFromJson(system, missionInput(rheinland.id, { name: 'Rheinland intern', customerId: c7.id })),
  };
  await shareMissionFromJson(system, { missionId: m.rheinShared.id, customerId: c6.id });
  await shareMissionFromJson(system, { missionId: m.rheinShared.id, customerId: c37.id });

  const ctx = (key: keyof typeof actors): DomainContext => createDomainContext({ db: t.db, actor: actors[key], requestId: `req-${key}` });
  return { companies: { provider, nord, rheinland, partner }, customers: { c1, c6, c11, c7, c37 }, ids, actors, ctx, m };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

/** 'ok', or the error code the verb failed with. */
export async function outcome(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return 'ok';
  } catch (err) {
    const e = err as { code?: string; message?: string; details?: { missionId?: number } };
    // A refusal concerning a mission speaks the spec's words (other refusals share the code since `forbidden` went away).
    if (e.code === 'not_authorized' && e.details?.missionId !== undefined) expect(e.message).toBe('not authorized to access mission id');
    if (!e.code) throw err;
    return e.code;
  }
}
