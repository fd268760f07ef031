import { randomBytes, createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { missionFile } from '@/lib/server/db/schema';
import { storage } from '@/lib/server/storage';
import * as api from '@/lib/shared/api/endpoints/mission-files';
import { callAs, openAppWorld, type AppWorld, type Role } from './app-world';

/*
 * spec §2 "downloads": GET /api/v2/missions/{id}/files and …/files/{fileId} per role and tenant
 * (mission capability readAllFields: external users get no raw files), and the download's Range.
 */

let app: AppWorld;
let routes: { list: typeof import('@/app/api/v2/missions/[id]/files/route'); file: typeof import('@/app/api/v2/missions/[id]/files/[fileId]/route') };
const BYTES = randomBytes(10_000);
const files: Record<string, { id: number; missionId: number }> = {};

beforeAll(async () => {
  app = await openAppWorld('mission-files');
  const { m } = app.w;
  const sha = createHash('sha256').update(BYTES).digest('hex');
  for (const [name, mission, kind, filename] of [
    ['nordScan', m.nord, 'scan', 'erdgeschoss.laz'],
    ['nordCad', m.nord, 'cad', 'grundriss.dwg'],
    ['sharedScan', m.rheinShared, 'scan', 'geteilt.e57'],
    ['partnerScan', m.partner, 'scan', 'fassade.las'],
    ['assignedPhoto', m.rheinAssigned, 'photo', 'hof.jpg'],
  ] as const) {
    const key = `missions/${mission.id}/files/${name}/${filename}`;
    await storage().put(key, Readable.from([BYTES]), { contentType: 'application/octet-stream' });
    const [row] = await app.t.db
      .insert(missionFile)
      .values({ missionId: mission.id, kind, filename, storageKey: key, sizeBytes: BYTES.length, sha256: sha, contentType: kind === 'photo' ? 'image/jpeg' : 'application/octet-stream', uploadedBy: app.ids.operator })
      .returning();
    files[name] = { id: row!.id, missionId: mission.id };
  }
  routes = { list: await import('@/app/api/v2/missions/[id]/files/route'), file: await import('@/app/api/v2/missions/[id]/files/[fileId]/route') };
});
afterAll(() => app?.close());

const list = (role: Role | null, missionId: number) => callAs(routes.list.GET, role, 'GET', `/api/v2/missions/${missionId}/files`, { params: { id: String(missionId) } });
const download = (role: Role | null, f: { id: number; missionId: number }, headers: Record<string, string> = {}) =>
  callAs(routes.file.GET, role, 'GET', `/api/v2/missions/${f.missionId}/files/${f.id}`, { params: { id: String(f.missionId), fileId: String(f.id) }, headers });

describe('the mission files list', () => {
  it('lists the files by kind with size, checksum and who uploaded them', async () => {
    const res = await list('customer', app.w.m.nord.id);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(api.listMissionFiles.response.safeParse(body).success).toBe(true);
    expect(body.items.map((f: { kind: string; filename: string }) => [f.kind, f.filename])).toEqual([
      ['scan', 'erdgeschoss.laz'],
      ['cad', 'grundriss.dwg'],
    ]);
    expect(body.items[0]).toMatchObject({ sizeBytes: 10_000, uploadedBy: 'Oliver Operator', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(body.items[0].storageKey).toBeUndefined();
  });

  const missionOf = (name: keyof AppWorld['w']['m']) => app.w.m[name].id;
  it.each<[Role, keyof AppWorld['w']['m'], number]>([
    ['admin', 'rheinForeign', 200],
    ['advanced', 'partner', 200],
    ['operator', 'rheinAssigned', 200],
    ['operator', 'provider', 200],
    ['operator', 'nord', 403],
    ['customer', 'nord', 200],
    ['customer', 'rheinShared', 200],
    ['customer', 'rheinForeign', 403],
    ['customer2', 'nord', 403],
    // External users see their missions with reduced fields and never the raw files.
    ['external', 'partner', 403],
    ['external', 'rheinShared', 403],
  ])('%s on the %s mission → %i', async (role, mission, status) => {
    const res = await list(role, missionOf(mission));
    expect(res.status).toBe(status);
    if (status === 403) expect((await res.json()).error).toMatchObject({ code: 'not_authorized', message: 'not authorized to access mission id' });
  });

  it('answers 401 without a session and 404 for an unknown mission', async () => {
    expect((await list(null, app.w.m.nord.id)).status).toBe(401);
    expect((await list('admin', 999_999)).status).toBe(404);
  });
});

describe('a mission file download', () => {
  it('streams the whole file as an attachment with its name', async () => {
    const res = await download('customer', files.nordScan!);
    expect(res.status).toBe(200);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-length')).toBe('10000');
    expect(res.headers.get('content-disposition')).toContain('erdgeschoss.laz');
    expect(Buffer.from(await res.arrayBuffer()).equals(BYTES)).toBe(true);
  });

  it('answers a Range with 206 and exactly those bytes; a range past the end with 416', async () => {
    const res = await download('operator', files.assignedPhoto!, { range: 'bytes=100-199' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 100-199/10000');
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await res.arrayBuffer()).equals(BYTES.subarray(100, 200))).toBe(true);
    const tail = await download('admin', files.nordCad!, { range: 'bytes=-10' });
    expect([tail.status, tail.headers.get('content-range')]).toEqual([206, 'bytes 9990-9999/10000']);
    expect((await download('admin', files.nordCad!, { range: 'bytes=20000-' })).status).toBe(416);
  });

  it('refuses other tenants and external users, and finds no file through another mission', async () => {
    expect((await download('customer2', files.nordScan!)).status).toBe(403);
    expect((await download('external', files.partnerScan!)).status).toBe(403);
    expect((await download('customer', files.sharedScan!)).status).toBe(200);
    // The file id of another mission under the customer's own mission: not found, nothing leaks.
    const res = await download('customer', { id: files.sharedScan!.id, missionId: app.w.m.nord.id });
    expect([res.status, (await res.json()).error.code]).toEqual([404, 'not_found']);
    expect((await download(null, files.nordScan!)).status).toBe(401);
  });
});
