import { eq } from 'drizzle-orm';
import { createDatasetFromJson } from '@/lib/server/datasets/create-dataset';
import { dataset, mission, notification } from '@/lib/server/db/schema';
import { issueProcessor, listProcessors, revokeProcessor } from '@/lib/server/processors/manage-processors';
import { outcome } from '../missions/fixtures';
import { startAppHarness, type AppHarness } from './app-harness';

/*
 * External processors (SLAM) report on datasets with a token an admin issues and revokes
 * (issue 14 point 2), through the real route handlers.
 */

let h: AppHarness;
let routes: {
  list: typeof import('@/app/api/v2/processor/datasets/route');
  report: typeof import('@/app/api/v2/processor/datasets/[datasetId]/route');
  file: typeof import('@/app/api/v2/processor/datasets/[datasetId]/file/route');
};

beforeAll(async () => {
  h = await startAppHarness('processors');
  await createDatasetFromJson(h.t.system, { missionId: h.w.m.nord.id, datasetId: 'raw-1', type: 'indoor', status: 'imported', storageKey: 'missions/1/uploads/u/raw.zip', sizeBytes: 4 });
  await h.storage.put('missions/1/uploads/u/raw.zip', Buffer.from('PK\x03\x04'));
  await h.t.db.update(dataset).set({ format: 'zip', filename: 'raw.zip' }).where(eq(dataset.datasetId, 'raw-1'));
  // The mission owner is who hears about a failure.
  await h.t.db.update(mission).set({ ownerId: h.w.ids.advanced }).where(eq(mission.id, h.w.m.nord.id));
  routes = {
    list: await import('@/app/api/v2/processor/datasets/route'),
    report: await import('@/app/api/v2/processor/datasets/[datasetId]/route'),
    file: await import('@/app/api/v2/processor/datasets/[datasetId]/file/route'),
  };
});
afterAll(() => h?.close());

const base = 'http://localhost:3000';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const params = (p: Record<string, string> = {}) => ({ params: Promise.resolve(p) });
const report = (token: string, body: unknown) =>
  routes.report.POST(new Request(`${base}/api/v2/processor/datasets/raw-1`, { method: 'POST', headers: { ...bearer(token), 'content-type': 'application/json' }, body: JSON.stringify(body) }), params({ datasetId: 'raw-1' }));

describe('processor tokens', () => {
  it('are issued and revoked by admins only', async () => {
    expect(await outcome(() => issueProcessor(h.w.ctx('advanced'), { name: 'SLAM' }))).toBe('not_authorized');
    expect(await outcome(() => listProcessors(h.w.ctx('operator')))).toBe('not_authorized');
    const issued = await issueProcessor(h.w.ctx('admin'), { name: 'SLAM cluster' });
    expect(issued.token).toMatch(/^argp_/);
    expect((await listProcessors(h.w.ctx('admin'))).map((p) => p.name)).toContain('SLAM cluster');
    expect(JSON.stringify(await listProcessors(h.w.ctx('admin')))).not.toContain(issued.token);
  });
});

describe('a processor', () => {
  it('is refused without a valid token', async () => {
    const none = await routes.list.GET(new Request(`${base}/api/v2/processor/datasets`), params());
    expect(none.status).toBe(401);
    expect((await report('argp_wrongwrongwrongwrongwrong', { progress: 5 })).status).toBe(401);
  });

  it('lists what waits for it, downloads it, reports progress and status; the owner hears of an error', async () => {
    const { token, id } = await issueProcessor(h.w.ctx('admin'), { name: 'SLAM A' });
    const listed = await routes.list.GET(new Request(`${base}/api/v2/processor/datasets`, { headers: bearer(token) }), params());
    expect(listed.status).toBe(200);
    const items = ((await listed.json()) as { items: { datasetId: string; downloadUrl: string }[] }).items;
    expect(items.map((i) => i.datasetId)).toEqual(['raw-1']);

    const file = await routes.file.GET(new Request(`${base}${items[0]!.downloadUrl}`, { headers: { ...bearer(token), range: 'bytes=0-1' } }), params({ datasetId: 'raw-1' }));
    expect(file.status).toBe(206);
    expect(Buffer.from(await file.arrayBuffer()).toString('latin1')).toBe('PK');

    const progressed = await report(token, { progress: 40 });
    expect(progressed.status).toBe(200);
    expect(await progressed.json()).toMatchObject({ status: 'imported', progress: 40 });
    expect((await report(token, { status: 'slamed', progress: 100 })).status).toBe(200);
    expect((await report(token, { status: 'error' })).status).toBe(400);
    expect((await report(token, { status: 'available' })).status).toBe(400);
    expect((await report(token, { status: 'error', message: 'loop closure failed' })).status).toBe(200);
    const [row] = await h.t.db.select().from(dataset).where(eq(dataset.datasetId, 'raw-1'));
    expect(row).toMatchObject({ status: 'error', errorKey: 'errors.datasets.processorFailed', errorDetail: 'loop closure failed', processorId: id });
    const told = await h.t.db.select().from(notification).where(eq(notification.recipientId, h.w.ids.advanced));
    expect(told.map((n) => n.text.en)).toEqual([expect.stringContaining('Processing scan raw-1 of mission')]);

    await revokeProcessor(h.w.ctx('admin'), { id });
    expect((await report(token, { progress: 50 })).status).toBe(401);
  });
});
