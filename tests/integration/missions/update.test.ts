import type { DomainContext } from '@/lib/server/domain/context';
import { closeMission } from '@/lib/server/missions/close-mission';
import { createMissionFromJson } from '@/lib/server/missions/create-mission';
import { getMission } from '@/lib/server/missions/get-mission';
import { hideMission } from '@/lib/server/missions/hide-mission';
import { holdMission } from '@/lib/server/missions/hold-mission';
import { reopenMission } from '@/lib/server/missions/reopen-mission';
import { resumeMission } from '@/lib/server/missions/resume-mission';
import { showMission } from '@/lib/server/missions/show-mission';
import { updateMissionFromJson } from '@/lib/server/missions/update-mission';
import * as api from '@/lib/shared/api/endpoints/missions';
import { buildWorld, missionInput, openTestDb, type TestDb, type World } from './fixtures';

let t: TestDb;
let w: World;
let admin: DomainContext;

beforeAll(async () => {
  t = await openTestDb();
  w = await buildWorld(t);
  admin = w.ctx('admin');
});
afterAll(() => t?.close());

const fresh = (over = {}) => createMissionFromJson(t.system, missionInput(w.companies.nord.id, { customerId: w.customers.c6.id, ...over }));
const auditOf = async (missionId: number) =>
  (await t.pool.query('select action, diff, actor_id, request_id from audit_event where mission_id = $1 order by id', [missionId])).rows as {
    action: string;
    diff: Record<string, unknown>;
    actor_id: string | null;
    request_id: string | null;
  }[];

describe('update a mission', () => {
  it('changes the given fields, bumps the version and audits before/after', async () => {
    const m = await fresh();
    const updated = await updateMissionFromJson(admin, { id: m.id, version: 1, priority: 'urgent', description: 'Neu', assigneeId: w.ids.operator });
    expect(api.updateMission.response.safeParse(updated).success).toBe(true);
    expect(updated).toMatchObject({ view: 'full', priority: 'urgent', description: 'Neu', version: 2, assignee: { displayName: 'Oliver Operator' } });
    const trail = await auditOf(m.id);
    expect(trail.at(-1)).toEqual({
      action: 'update',
      actor_id: w.ids.admin,
      request_id: 'req-admin',
      diff: { priority: ['normal', 'urgent'], description: [null, 'Neu'], assigneeId: [null, w.ids.operator] },
    });
    // The same values again change nothing: no new version, no audit event.
    expect((await updateMissionFromJson(admin, { id: m.id, version: 2, priority: 'urgent' })).version).toBe(2);
    expect(await auditOf(m.id)).toHaveLength(trail.length);
  });

  it('refuses a stale version with 409 and lets exactly one of two concurrent edits win', async () => {
    const m = await fresh();
    await updateMissionFromJson(admin, { id: m.id, version: 1, description: 'Erste' });
    await expect(updateMissionFromJson(admin, { id: m.id, version: 1, description: 'Veraltet' })).rejects.toMatchObject({ code: 'version_conflict', status: 409 });
    const other: DomainContext = { ...w.ctx('advanced') };
    const results = await Promise.allSettled([
      updateMissionFromJson(admin, { id: m.id, version: 2, description: 'A' }),
      updateMissionFromJson(other, { id: m.id, version: 2, description: 'B' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'version_conflict' } });
    const now = await getMission(admin, { id: m.id });
    expect(now.version).toBe(3);
    expect(['A', 'B']).toContain(now.view === 'full' && now.description);
    // A stale action is refused the same way.
    await expect(closeMission(admin, { id: m.id, version: 2 })).rejects.toMatchObject({ code: 'version_conflict' });
  });

  it('enforces the byte limits of spec §5 in UTF-8 bytes', async () => {
    const m = await fresh();
    const fields = (err: unknown) => (err as { details: { fields: Record<string, string[]> } }).details.fields;
    const tooLong = await updateMissionFromJson(admin, {
      id: m.id,
      version: 1,
      description: 'ä'.repeat(2501), // 5002 bytes, 2501 characters
      scanOperatorNotes: 'x'.repeat(2001),
      blurringInstructions: '€'.repeat(667), // 2001 bytes
      externalOrderReference: 'ü'.repeat(51),
    }).catch((e: unknown) => e);
    expect(tooLong).toMatchObject({ code: 'validation' });
    expect(fields(tooLong)).toEqual({
      description: ['validation.maxBytes?max=5000'],
      scanOperatorNotes: ['validation.maxBytes?max=2000'],
      blurringInstructions: ['validation.maxBytes?max=2000'],
      externalOrderReference: ['validation.maxBytes?max=100'],
    });
    const atLimit = await updateMissionFromJson(admin, { id: m.id, version: 1, description: 'ä'.repeat(2500), externalOrderReference: 'ü'.repeat(50) });
    expect(atLimit.version).toBe(2);
  });

  it('keeps blurring instructions once set: they can change, not become empty', async () => {
    const m = await fresh();
    await expect(updateMissionFromJson(admin, { id: m.id, version: 1, blurringInstructions: '   ' })).rejects.toMatchObject({ details: { fields: { blurringInstructions: ['validation.required'] } } });
    const set = await updateMissionFromJson(admin, { id: m.id, version: 1, blurringInstructions: 'Gesichter verpixeln' });
    await expect(updateMissionFromJson(admin, { id: m.id, version: set.version, blurringInstructions: null })).rejects.toMatchObject({ code: 'validation' });
    await expect(updateMissionFromJson(admin, { id: m.id, version: set.version, blurringInstructions: '' })).rejects.toMatchObject({ code: 'validation' });
    expect((await updateMissionFromJson(admin, { id: m.id, version: set.version, blurringInstructions: 'Kennzeichen auch' })).version).toBe(set.version + 1);
  });

  it('checks the date order against the stored mission and auto-fills the delivery date', async () => {
    const m = await fresh({ pclDeliveryDate: '2026-05-07', cadDeliveryDate: '2026-05-06', startFromOffice: '2026-05-01T06:00:00Z' });
    expect(m.deliveryDate).toBe('2026-05-12');
    await expect(updateMissionFromJson(admin, { id: m.id, version: 1, externalDeliveryDate: '2026-05-07' })).rejects.toMatchObject({
      details: { fields: { externalDeliveryDate: ['validation.externalDeliveryAfter'] } },
    });
    await expect(updateMissionFromJson(admin, { id: m.id, version: 1, scanAppointment: '2026-05-01T05:00:00Z' })).rejects.toMatchObject({
      details: { fields: { scanAppointment: ['validation.scanAfterStart'] } },
    });
    // Moving the cad date past the external one breaks the order too.
    const ok = await updateMissionFromJson(admin, { id: m.id, version: 1, externalDeliveryDate: '2026-05-08', scanAppointment: '2026-05-01T09:00:00Z' });
    await expect(updateMissionFromJson(admin, { id: m.id, version: ok.version, cadDeliveryDate: '2026-05-09' })).rejects.toMatchObject({ code: 'validation' });
    // pcl 2026-05-20 (Wed) + 3 working days = Mon 25th? 21 Thu, 22 Fri, 25 Mon = Whit Monday 2026 → Tue 26th.
    const filled = await updateMissionFromJson(admin, { id: m.id, version: ok.version, pclDeliveryDate: '2026-05-20', externalDeliveryDate: '2026-05-30' });
    expect(filled).toMatchObject({ deliveryDate: '2026-05-26' });
    const explicit = await updateMissionFromJson(admin, { id: m.id, version: filled.version, cadDeliveryDate: '2026-05-21', deliveryDate: '2026-06-01' });
    expect(explicit).toMatchObject({ deliveryDate: '2026-06-01' });
  });

  it("applies the mission name rule, with the materials partner's lowercase rule", async () => {
    const m = await fresh();
    await expect(updateMissionFromJson(admin, { id: m.id, version: 1, name: 'Kurz' })).rejects.toMatchObject({ details: { fields: { name: ['validation.minLength?min=5'] } } });
    const partner = w.m.partner;
    const current = await getMission(admin, { id: partner.id });
    await expect(updateMissionFromJson(admin, { id: partner.id, version: current.version, name: 'Fassade Nord' })).rejects.toMatchObject({
      details: { fields: { name: ['validation.missionName.pattern'] } },
    });
    await expect(updateMissionFromJson(admin, { id: m.id, version: 1, companyId: w.companies.partner.id, customerId: null })).rejects.toMatchObject({
      details: { fields: { name: ['validation.missionName.pattern'] } },
    });
    expect((await updateMissionFromJson(admin, { id: partner.id, version: current.version, name: 'fassade_nord' })).name).toBe('fassade_nord');
  });

  it('checks customers, sub-customers and people, and refuses unknown fields and bad values with field errors', async () => {
    const m = await fresh();
    await expect(updateMissionFromJson(admin, { id: m.id, version: 1, customerId: w.customers.c7.id })).rejects.toMatchObject({ details: { fields: { customerId: expect.any(Array) } } });
    await expect(updateMissionFromJson(admin, { id: m.id, version: 1, subCustomerId: w.customers.c37.id })).rejects.toMatchObject({ details: { fields: { subCustomerId: expect.any(Array) } } });
    expect(await updateMissionFromJson(admin, { id: m.id, version: 1, subCustomerId: w.customers.c11.id })).toMatchObject({ subCustomer: { customerNumber: 11 } });
    await expect(updateMissionFromJson(admin, { id: m.id, version: 2, assigneeId: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({ details: { fields: { assigneeId: ['errors.missions.userNotFound'] } } });
    await expect(updateMissionFromJson(admin, { id: m.id, version: 2, hidden: true } as never)).rejects.toMatchObject({ code: 'validation' });
    await expect(updateMissionFromJson(admin, { id: m.id, version: 2, latitude: 91, products: [] })).rejects.toMatchObject({
      details: { fields: { latitude: expect.any(Array), products: expect.any(Array) } },
    });
    await expect(updateMissionFromJson(admin, { id: m.id, version: 2, scanAppointment: 'gestern' })).rejects.toMatchObject({ code: 'validation' });
  });
});

describe('mission actions', () => {
  // Cloud sync starts a background job now (tests/integration/storage-sync/sync.test.ts).
  it('close/reopen, hide/show and hold/resume change the state, bump the version and are audited', async () => {
    const m = await fresh();
    await t.pool.query(`update mission set pipeline_status = 'processing' where id = $1`, [m.id]);
    const steps: [string, () => Promise<unknown>, Record<string, unknown>][] = [
      ['close', () => closeMission(admin, { id: m.id }), { closed: true }],
      ['reopen', () => reopenMission(admin, { id: m.id }), { closed: false }],
      ['hide', () => hideMission(admin, { id: m.id }), { hidden: true }],
      ['show', () => showMission(admin, { id: m.id }), { hidden: false }],
      ['hold', () => holdMission(admin, { id: m.id }), { onHold: true, pipelineStatus: 'paused' }],
      ['resume', () => resumeMission(admin, { id: m.id }), { onHold: false, pipelineStatus: 'queued' }],
    ];
    let version = 1;
    for (const [action, run, expected] of steps) {
      const result = await run();
      expect(api.closeMission.response.safeParse(result).success).toBe(true);
      expect(result).toMatchObject({ ...expected, version: ++version });
      expect((await auditOf(m.id)).at(-1)).toMatchObject({ action, actor_id: w.ids.admin });
    }
    // Repeating an action changes nothing and records nothing.
    const before = (await auditOf(m.id)).length;
    await reopenMission(admin, { id: m.id });
    expect((await getMission(admin, { id: m.id })).version).toBe(version);
    expect(await auditOf(m.id)).toHaveLength(before);
  });

  it('holds without touching a calculation that is not running', async () => {
    const m = await fresh();
    expect(await holdMission(w.ctx('advanced'), { id: m.id })).toMatchObject({ onHold: true, pipelineStatus: 'not_started' });
    expect(await resumeMission(w.ctx('advanced'), { id: m.id })).toMatchObject({ onHold: false, pipelineStatus: 'not_started' });
  });
});
