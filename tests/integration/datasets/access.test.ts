import { eq } from 'drizzle-orm';
import { cancelDataset } from '@/lib/server/datasets/cancel-dataset';
import { checkDataset } from '@/lib/server/datasets/check-dataset';
import { createDatasetFromJson } from '@/lib/server/datasets/create-dataset';
import { getDataset } from '@/lib/server/datasets/get-dataset';
import { listMissionDatasets, listPipeline } from '@/lib/server/datasets/list-datasets';
import { generateMissionPointcloud, getMissionPointcloud, missionPointcloudKey } from '@/lib/server/datasets/mission-pointcloud';
import { restartDataset } from '@/lib/server/datasets/restart-dataset';
import { updateDataset } from '@/lib/server/datasets/update-dataset';
import { dataset } from '@/lib/server/db/schema';
import { datasetListQuery } from '@/lib/shared/schemas/dataset';
import { outcome, type TestDb, type World } from '../missions/fixtures';
import { startAppHarness, type AppHarness } from './app-harness';

/*
 * Who may read and act on datasets (issue 14 point 8), per role and tenant, through the verbs the
 * routes call: a dataset is as visible as its mission; processing actions need the mission's
 * `hold` capability (internal users, the mission's operators); checking is for internal users.
 */

let h: AppHarness;
let t: TestDb;
let w: World;
const ds: Record<string, number> = {};

beforeAll(async () => {
  h = await startAppHarness('datasets-access');
  ({ t, w } = h);
  for (const [key, m] of Object.entries(w.m)) {
    const created = await createDatasetFromJson(t.system, { missionId: m.id, datasetId: `scan-${key}`, type: 'indoor', status: 'available', storageKey: `missions/${m.id}/uploads/x/scan.las` });
    ds[key] = created.id;
  }
});
afterAll(async () => h.close());

const roles = ['admin', 'advanced', 'operator', 'customer', 'customer2', 'external'] as const;
type Role = (typeof roles)[number];

/** The outcome of a verb for each role on one mission's dataset. */
async function matrix(mission: keyof World['m'], run: (role: Role, id: number) => Promise<unknown>) {
  const result: Record<string, string> = {};
  for (const role of roles) result[role] = await outcome(() => run(role, ds[mission]!));
  return result;
}

describe('reading datasets', () => {
  it('follows the mission: own company, shares, assignment; 403 otherwise', async () => {
    expect(await matrix('nord', (r, id) => getDataset(w.ctx(r), { id }))).toEqual({
      admin: 'ok', advanced: 'ok', operator: 'not_authorized', customer: 'ok', customer2: 'not_authorized', external: 'not_authorized',
    });
    expect(await matrix('rheinShared', (r, id) => getDataset(w.ctx(r), { id }))).toEqual({
      admin: 'ok', advanced: 'ok', operator: 'not_authorized', customer: 'ok', customer2: 'ok', external: 'ok',
    });
    expect(await matrix('rheinAssigned', (r) => listMissionDatasets(w.ctx(r), { missionId: w.m.rheinAssigned.id }))).toEqual({
      admin: 'ok', advanced: 'ok', operator: 'ok', customer: 'not_authorized', customer2: 'ok', external: 'not_authorized',
    });
  });

  it('answers 404 for an unknown dataset', async () => {
    expect(await outcome(() => getDataset(w.ctx('admin'), { id: 999_999 }))).toBe('not_found');
  });

  it('lists the pipeline only with the pipeline permission and only visible missions', async () => {
    const query = datasetListQuery.parse({});
    const seen = async (role: Role) => (await listPipeline(w.ctx(role), query)).map((d) => d.datasetId).sort();
    expect(await seen('admin')).toHaveLength(Object.keys(w.m).length);
    // The operator sees what is assigned to them and their own company's (the provider's) missions.
    expect(await seen('operator')).toEqual(['scan-provider', 'scan-rheinAssigned']);
    expect(await outcome(() => listPipeline(w.ctx('customer'), query))).toBe('not_authorized');
    expect(await outcome(() => listPipeline(w.ctx('external'), query))).toBe('not_authorized');
  });

  it('filters the pipeline by status, type and mission', async () => {
    const q = (raw: Record<string, unknown>) => listPipeline(w.ctx('admin'), datasetListQuery.parse(raw));
    expect((await q({ missionId: String(w.m.nord.id) })).map((d) => d.datasetId)).toEqual(['scan-nord']);
    expect(await q({ status: 'error' })).toEqual([]);
    expect(await q({ type: 'flight' })).toEqual([]);
    expect((await q({ status: ['available', 'error'], type: 'indoor' })).length).toBe(Object.keys(w.m).length);
  });
});

describe('acting on datasets', () => {
  it('lets internal users and the mission operator change the type, with 409 on a stale version', async () => {
    expect(await matrix('rheinAssigned', async (r, id) => {
      const { version } = await getDataset(w.ctx('admin'), { id });
      return updateDataset(w.ctx(r), { id, body: { type: r === 'admin' ? 'outdoor' : 'indoor', version } });
    })).toEqual({ admin: 'ok', advanced: 'ok', operator: 'ok', customer: 'not_authorized', customer2: 'not_authorized', external: 'not_authorized' });
    expect(await outcome(() => updateDataset(w.ctx('admin'), { id: ds.rheinAssigned!, body: { type: 'flight', version: 1 } }))).toBe('version_conflict');
  });

  it('refuses to cancel what is not being processed, and restarts from the raw upload', async () => {
    expect(await outcome(() => cancelDataset(w.ctx('admin'), { id: ds.provider! }))).toBe('conflict');
    expect(await matrix('provider', (r, id) => restartDataset(w.ctx(r), { id }))).toMatchObject({ customer: 'not_authorized', external: 'not_authorized', operator: 'ok', admin: 'ok' });
    const [row] = await t.db.select().from(dataset).where(eq(dataset.id, ds.provider!));
    expect(row!.status).toBe('imported');
    const cancelled = await cancelDataset(w.ctx('operator'), { id: ds.provider! });
    expect(cancelled).toMatchObject({ status: 'error', errorKey: 'errors.datasets.cancelled' });
  });

  it('lets only internal users mark an available dataset checked', async () => {
    expect(await outcome(() => checkDataset(w.ctx('operator'), { id: ds.partner! }))).toBe('not_authorized');
    expect(await outcome(() => checkDataset(w.ctx('customer'), { id: ds.nord! }))).toBe('not_authorized');
    expect(await checkDataset(w.ctx('advanced'), { id: ds.partner! })).toMatchObject({ status: 'checked' });
    // Cancelled above: in status error, not available.
    expect(await outcome(() => checkDataset(w.ctx('admin'), { id: ds.provider! }))).toBe('conflict');
  });
});

describe('the online point cloud', () => {
  it('is generated by who may hold the mission; with no available dataset it says so', async () => {
    expect(await outcome(() => generateMissionPointcloud(w.ctx('customer'), { missionId: w.m.nord.id }))).toBe('not_authorized');
    // Available datasets without a converted cloud of their own cannot go into it.
    expect(await outcome(() => generateMissionPointcloud(w.ctx('admin'), { missionId: w.m.nord.id }))).toBe('conflict');
    expect(await getMissionPointcloud(w.ctx('customer'), { missionId: w.m.nord.id })).toMatchObject({ ready: false, conversion: null });
    expect(await outcome(() => missionPointcloudKey(w.ctx('customer'), { missionId: w.m.nord.id, file: 'metadata.json' }))).toBe('not_found');
    expect(await outcome(() => getMissionPointcloud(w.ctx('customer2'), { missionId: w.m.nord.id }))).toBe('not_authorized');
  });

  it("serves a single dataset's own cloud as the mission's, without converting again", async () => {
    await t.db.update(dataset).set({ cloudPrefix: 'missions/x/datasets/y/pointcloud/z/', pointCount: 10, cloudBytes: 100 }).where(eq(dataset.id, ds.nord!));
    const built = await generateMissionPointcloud(w.ctx('advanced'), { missionId: w.m.nord.id });
    expect(built).toMatchObject({ ready: true, pointCount: 10, datasetIds: [ds.nord], outdated: false, conversion: { state: 'succeeded' } });
    expect(await missionPointcloudKey(w.ctx('customer'), { missionId: w.m.nord.id, file: 'octree.bin' })).toBe('missions/x/datasets/y/pointcloud/z/octree.bin');
  });
});
