import { eq } from 'drizzle-orm';
import { getMissionPointcloud } from '@/lib/server/datasets/mission-pointcloud';
import { conversion } from '@/lib/server/db/schema';
import { buildWorld, openTestDb, type TestDb, type World } from '../missions/fixtures';

let t: TestDb;
let w: World;
beforeAll(async () => {
  t = await openTestDb();
  w = await buildWorld(t);
});
afterAll(() => t?.close());

/** A mission build (no dataset) in the given state, finished at `at`. */
const build = (missionId: number, state: 'succeeded' | 'running' | 'failed', at: Date, pointCount: number | null) =>
  t.db
    .insert(conversion)
    .values({ missionId, state, inputs: [], workPrefix: 'work/x', outputPrefix: `out/${state}`, pointCount, finishedAt: state === 'running' ? null : at })
    .returning();

// The page reads the latest build and the served one (the latest that succeeded) in as few queries as it can.
describe("a mission's point cloud state", () => {
  it('has no build and nothing served before the first build', async () => {
    const state = await getMissionPointcloud(w.ctx('admin'), { missionId: w.m.provider.id });
    expect(state).toMatchObject({ conversion: null, ready: false, pointCount: null, builtAt: null });
  });

  it('serves the latest build when it succeeded, and keeps serving it while a newer one runs or after one failed', async () => {
    const missionId = w.m.nord.id;
    const first = new Date('2026-11-01T10:00:00Z');
    await build(missionId, 'succeeded', first, 1000);
    expect(await getMissionPointcloud(w.ctx('admin'), { missionId })).toMatchObject({ ready: true, pointCount: 1000, builtAt: first.toISOString(), conversion: { state: 'succeeded' } });

    await build(missionId, 'running', new Date(), null);
    expect(await getMissionPointcloud(w.ctx('admin'), { missionId })).toMatchObject({ ready: true, pointCount: 1000, builtAt: first.toISOString(), conversion: { state: 'running' } });

    await t.db.update(conversion).set({ state: 'failed', finishedAt: new Date() }).where(eq(conversion.state, 'running'));
    expect(await getMissionPointcloud(w.ctx('admin'), { missionId })).toMatchObject({ ready: true, pointCount: 1000, builtAt: first.toISOString(), conversion: { state: 'failed' } });
  });
});
