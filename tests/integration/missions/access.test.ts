import { listMissionAuditFromJson } from '@/lib/server/audit/list-mission-audit';
import type { UserActor } from '@/lib/server/auth/actor';
import type { DomainContext } from '@/lib/server/domain/context';
import { closeMission } from '@/lib/server/missions/close-mission';
import { getMission } from '@/lib/server/missions/get-mission';
import { hideMission } from '@/lib/server/missions/hide-mission';
import { holdMission } from '@/lib/server/missions/hold-mission';
import { listMissionBuildings } from '@/lib/server/missions/list-mission-buildings';
import { listMissionShares } from '@/lib/server/missions/list-mission-shares';
import { listMissionsFromJson } from '@/lib/server/missions/list-missions';
import { reopenMission } from '@/lib/server/missions/reopen-mission';
import { resumeMission } from '@/lib/server/missions/resume-mission';
import { setMissionCloudSync } from '@/lib/server/missions/set-mission-cloud-sync';
import { showMission } from '@/lib/server/missions/show-mission';
import { updateMissionFromJson } from '@/lib/server/missions/update-mission';
import { attachMissionTagFromJson } from '@/lib/server/tags/attach-mission-tag';
import { createTagFromJson } from '@/lib/server/tags/create-tag';
import * as api from '@/lib/shared/api/endpoints/missions';
import type { UpdateMissionBody } from '@/lib/shared/schemas/mission-update';
import { buildWorld, openTestDb, outcome, type TestDb, type World } from './fixtures';
import { createDomainContext } from '@/lib/server/domain/contexts';
import { randomUUID } from 'node:crypto';
import { job } from '@/lib/server/db/schema';
import type { JobEnqueuer } from '@/lib/server/domain/context';

/**
 * Cloud sync starts a background job; this matrix checks who may start it, so the job row is
 * written without pg-boss (the storage-sync tests run the real queue and worker).
 */
const jobRowsOnly: JobEnqueuer = {
  enqueue: async (db, contract, data, options = {}) =>
    (await db.insert(job).values({ id: randomUUID(), type: contract.name, input: data as Record<string, unknown>, missionId: options.missionId ?? null, createdBy: options.createdBy ?? null, maxAttempts: 1 }).returning())[0]!,
  cancel: () => Promise.reject(new Error('not used here')),
};

let t: TestDb;
let w: World;
let tagId: number;

beforeAll(async () => {
  t = await openTestDb();
  w = await buildWorld(t);
  tagId = (await createTagFromJson(t.system, { name: 'Matrix' })).id;
});
afterAll(() => t?.close());

type Role = 'admin' | 'advanced' | 'operator' | 'customer' | 'external';
type MissionKey = keyof World['m'];
const VERBS = ['get', 'list', 'buildings', 'update', 'close', 'reopen', 'hide', 'show', 'hold', 'resume', 'cloudSync', 'shares', 'tag', 'audit'] as const;
type Verb = (typeof VERBS)[number];

/** A field each role may edit (mission-access.ts). */
const FIELD: Record<Role, UpdateMissionBody> = {
  admin: { version: 0, priority: 'high' },
  advanced: { version: 0, internalReference: 'ADV-1' },
  operator: { version: 0, scanOperatorNotes: 'Schlüssel beim Hausmeister' },
  customer: { version: 0, description: 'Bitte Keller mit erfassen' },
  external: { version: 0, externalMissionStatus: 'beauftragt' },
};

/** What each non-internal role may do per relation; everything else must be 403 'not authorized to access mission id'. */
const ALLOWED: Record<Exclude<Role, 'admin' | 'advanced'>, Partial<Record<MissionKey, Verb[]>>> = {
  customer: {
    nord: ['get', 'list', 'buildings', 'update', 'hide', 'show', 'shares', 'audit'],
    rheinShared: ['get', 'list', 'buildings'],
  },
  operator: {
    provider: ['get', 'list', 'buildings', 'update', 'hold', 'resume', 'audit'],
    rheinAssigned: ['get', 'list', 'buildings', 'update', 'hold', 'resume', 'audit'],
  },
  external: {
    partner: ['get', 'list', 'buildings', 'update'],
    rheinShared: ['get', 'list', 'buildings'],
  },
};

async function run(verb: Verb, ctx: DomainContext, role: Role, id: number): Promise<string> {
  switch (verb) {
    case 'get':
      return outcome(() => getMission(ctx, { id }));
    case 'list': {
      // "Not in the list" is the list's way of saying 403.
      const page = await listMissionsFromJson(ctx, { limit: 200 });
      expect(api.listMissions.response.safeParse(page).success).toBe(true);
      return page.items.some((i) => i.id === id) ? 'ok' : 'not_authorized';
    }
    case 'buildings':
      return outcome(() => listMissionBuildings(ctx, { missionId: id }));
    case 'update': {
      const { version } = (await t.pool.query('select version from mission where id = $1', [id])).rows[0] as { version: number };
      return outcome(() => updateMissionFromJson(ctx, { ...FIELD[role], version, id }));
    }
    case 'close':
      return outcome(() => closeMission(ctx, { id }));
    case 'reopen':
      return outcome(() => reopenMission(ctx, { id }));
    case 'hide':
      return outcome(() => hideMission(ctx, { id }));
    case 'show':
      return outcome(() => showMission(ctx, { id }));
    case 'hold':
      return outcome(() => holdMission(ctx, { id }));
    case 'resume':
      return outcome(() => resumeMission(ctx, { id }));
    case 'cloudSync':
      return outcome(() => setMissionCloudSync({ ...ctx, jobs: jobRowsOnly }, { id, online: true }));
    case 'shares':
      return outcome(() => listMissionShares(ctx, { missionId: id }));
    case 'tag':
      return outcome(() => attachMissionTagFromJson(ctx, { missionId: id, tagId }));
    case 'audit':
      return outcome(() => listMissionAuditFromJson(ctx, { missionId: id }));
  }
}

const MISSIONS: MissionKey[] = ['nord', 'rheinShared', 'rheinAssigned', 'partner', 'provider', 'rheinForeign'];

describe('mission authorization matrix', () => {
  for (const role of ['admin', 'advanced', 'operator', 'customer', 'external'] as Role[]) {
    it(`${role}: every verb on own, shared, assigned and foreign missions`, async () => {
      const ctx = w.ctx(role);
      const table: Record<string, Record<string, string>> = {};
      const expected: Record<string, Record<string, string>> = {};
      for (const key of MISSIONS) {
        table[key] = {};
        expected[key] = {};
        for (const verb of VERBS) {
          table[key][verb] = await run(verb, ctx, role, w.m[key].id);
          const allowed = role === 'admin' || role === 'advanced' || (ALLOWED[role][key] ?? []).includes(verb);
          expected[key][verb] = allowed ? 'ok' : 'not_authorized';
        }
      }
      expect(table).toEqual(expected);
    });
  }

  it('answers 404 for an unknown mission, whoever asks', async () => {
    for (const role of ['admin', 'customer', 'external'] as const) {
      await expect(getMission(w.ctx(role), { id: 987_654_321 })).rejects.toMatchObject({ code: 'not_found' });
      await expect(closeMission(w.ctx(role), { id: 987_654_321 })).rejects.toMatchObject({ code: 'not_found' });
    }
  });

  it('gives external users the reduced view, in the detail and in the list', async () => {
    const detail = await getMission(w.ctx('external'), { id: w.m.partner.id });
    expect(api.getMission.response.safeParse(detail).success).toBe(true);
    expect(detail).toMatchObject({ view: 'external', id: w.m.partner.id, name: 'fassade_sued' });
    for (const hidden of ['internalReference', 'assigneeId', 'scanOperatorNotes', 'priority', 'owner', 'pclTeamDescription']) expect(detail).not.toHaveProperty(hidden);
    const page = await listMissionsFromJson(w.ctx('external'), {});
    expect(page.items.map((i) => i.view)).toEqual(page.items.map(() => 'external'));
    expect(page.items[0]).not.toHaveProperty('internalReference');
    const full = await getMission(w.ctx('customer'), { id: w.m.nord.id });
    expect(full).toMatchObject({ view: 'full', internalReference: expect.any(String), company: { name: 'Nord GmbH' }, customer: { customerNumber: 6 } });
  });

  it('refuses a field the role may not edit with 403 and names it', async () => {
    const { version } = await getMission(w.ctx('admin'), { id: w.m.nord.id });
    await expect(updateMissionFromJson(w.ctx('customer'), { id: w.m.nord.id, version, priority: 'urgent' })).rejects.toMatchObject({
      code: 'not_authorized',
      message: 'not authorized to access mission id',
      details: { fields: { priority: expect.any(Array) } },
    });
    await expect(updateMissionFromJson(w.ctx('external'), { id: w.m.rheinShared.id, version: 1, externalMissionStatus: 'x' })).rejects.toMatchObject({ code: 'not_authorized' });
  });

  it('lets a user with two roles have the union of both', async () => {
    const customer = w.actors.customer as UserActor;
    const both = createDomainContext({ db: t.db, actor: { ...customer, roles: ['customer', 'operator'] } });
    const page = await listMissionsFromJson(both, { limit: 200 });
    expect(page.items.map((i) => i.id)).toEqual(expect.arrayContaining([w.m.nord.id, w.m.rheinShared.id]));
    const none = createDomainContext({ db: t.db, actor: { ...customer, roles: [] } });
    expect((await listMissionsFromJson(none, {})).items).toEqual([]);
    await expect(getMission(none, { id: w.m.nord.id })).rejects.toMatchObject({ code: 'not_authorized' });
  });
});
