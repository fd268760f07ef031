import { eq } from 'drizzle-orm';
import { tellMissionOwner } from '@/lib/server/datasets/dataset-notices';
import { mission, notification } from '@/lib/server/db/schema';
import { activeBroadcasts } from '@/lib/server/notifications/active-notifications';
import * as api from '@/lib/shared/api/endpoints/my-notifications';
import { callAs, openAppWorld, type AppWorld, type Role } from '../mission-files/app-world';

/*
 * Personal notifications (issue 14 point 5): what dataset-notices.ts tells a mission's owner is
 * listed for that user only, in their language, at GET /api/v2/me/notifications, and dismissed
 * for good at POST /api/v2/me/notifications/{id}/dismiss. Broadcasts and personal ones never mix.
 */

let app: AppWorld;
let routes: { list: typeof import('@/app/api/v2/me/notifications/route'); dismiss: typeof import('@/app/api/v2/me/notifications/[id]/dismiss/route') };

beforeAll(async () => {
  app = await openAppWorld('notifications');
  routes = { list: await import('@/app/api/v2/me/notifications/route'), dismiss: await import('@/app/api/v2/me/notifications/[id]/dismiss/route') };
  // The customer owns the nord mission; the owner hears about its scans.
  await app.t.db.update(mission).set({ ownerId: app.ids.customer }).where(eq(mission.id, app.w.m.nord.id));
});
afterAll(() => app?.close());

const list = (role: Role | null, locale = 'en') => callAs(routes.list.GET, role, 'GET', `/api/v2/me/notifications?locale=${locale}`);
const dismiss = (role: Role | null, id: number) => callAs(routes.dismiss.POST, role, 'POST', `/api/v2/me/notifications/${id}/dismiss`, { params: { id: String(id) } });
const items = async (res: Response) => {
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(api.listMyNotifications.response.safeParse(body).success).toBe(true);
  return body.items as { id: number; text: string; type: string }[];
};

describe('personal notifications', () => {
  it("lists what the mission's owner was told, newest first, in English and German, for them only", async () => {
    await tellMissionOwner(app.t.db, app.w.m.nord.id, 'failed', 'S-1');
    await tellMissionOwner(app.t.db, app.w.m.nord.id, 'available', 'S-2');
    const en = await items(await list('customer'));
    expect(en.map((n) => [n.type, n.text])).toEqual([
      ['success', `Scan S-2 of mission ${app.w.m.nord.id} (Nord Bestandsaufnahme) is processed and available.`],
      ['error', `Processing scan S-1 of mission ${app.w.m.nord.id} (Nord Bestandsaufnahme) failed.`],
    ]);
    const de = await items(await list('customer', 'de'));
    expect(de[0]!.text).toBe(`Der Scan S-2 der Mission ${app.w.m.nord.id} (Nord Bestandsaufnahme) ist verarbeitet und verfügbar.`);
    expect(await items(await list('admin'))).toEqual([]);
    expect(await items(await list('customer2'))).toEqual([]);
    // Broadcasts stay broadcasts: a personal notice is not shown to everyone.
    expect((await activeBroadcasts(app.t.db, 'global', 'en')).map((n) => n.text)).not.toContain(en[0]!.text);
  });

  it("does not list broadcasts among one's own", async () => {
    await app.t.db.insert(notification).values({ text: { en: 'Maintenance tonight', de: 'Wartung heute Nacht' }, type: 'info' });
    expect((await items(await list('customer'))).map((n) => n.text)).not.toContain('Maintenance tonight');
  });

  it("dismisses one's own notification for good; someone else's or a broadcast is not found", async () => {
    await tellMissionOwner(app.t.db, app.w.m.nord.id, 'stalled', 'S-3');
    const [stalled] = await items(await list('customer'));
    expect(stalled!.type).toBe('warning');
    const foreign = await dismiss('customer2', stalled!.id);
    expect([foreign.status, (await foreign.json()).error.code]).toEqual([404, 'not_found']);
    const [broadcast] = await app.t.db.insert(notification).values({ text: { en: 'All hands', de: 'Alle' } }).returning();
    expect((await dismiss('customer', broadcast!.id)).status).toBe(404);

    const done = await dismiss('customer', stalled!.id);
    expect(done.status).toBe(204);
    expect((await items(await list('customer'))).map((n) => n.id)).not.toContain(stalled!.id);
    const [row] = await app.t.db.select({ state: notification.state }).from(notification).where(eq(notification.id, stalled!.id));
    expect(row!.state).toBe('dismissed');
    // Twice is fine.
    expect((await dismiss('customer', stalled!.id)).status).toBe(204);
  });

  it('needs a signed-in user', async () => {
    expect((await list(null)).status).toBe(401);
    expect((await dismiss(null, 1)).status).toBe(401);
  });

  it('refuses a dismissal from another site', async () => {
    const res = await routes.dismiss.POST(new Request('http://argus.test/api/v2/me/notifications/1/dismiss', { method: 'POST', headers: { origin: 'https://evil.example', cookie: 'ory_kratos_session=none' } }), { params: Promise.resolve({ id: '1' }) });
    expect(res.status).toBe(403);
  });
});
