import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { measurement, mission, missionImage } from '@/lib/server/db/schema';
import { storage } from '@/lib/server/storage';
import type { TourDto, TourImageDto, TourManifest, TourMarkers } from '@/lib/shared/schemas/tour';
import { callAs, openAppWorld, type AppWorld, type Role } from '../mission-files/app-world';
import { finishBlurring, keysUnder, markPointcloudReady, picture, runGeneration, uploadPanorama } from './tour-world';

/*
 * Issue 17 against real PostgreSQL, storage and identity service: the mission's panoramas, the
 * disabling rules of "generate", generation output (tiles, links from positions, blurred
 * derivatives), a failed generation keeping the previous tour, publishing behind blurring, the
 * public link without a session, and who may do what.
 */

let app: AppWorld;
let routes: {
  images: typeof import('@/app/api/v2/missions/[id]/tour-images/route');
  tours: typeof import('@/app/api/v2/missions/[id]/tours/route');
  tour: typeof import('@/app/api/v2/tours/[id]/route');
  generate: typeof import('@/app/api/v2/tours/[id]/generate/route');
  publish: typeof import('@/app/api/v2/tours/[id]/publish/route');
  links: typeof import('@/app/api/v2/tours/[id]/links/route');
  file: typeof import('@/app/api/v2/tours/[id]/panoramas/[imageId]/[file]/route');
  publicTour: typeof import('@/app/api/v2/public-tours/[token]/route');
  publicFile: typeof import('@/app/api/v2/public-tours/[token]/panoramas/[imageId]/[file]/route');
};
/** Rheinland's mission assigned to the operator: the operator and customer2 (Rheinland) edit it. */
let missionId: number;
const ids: Record<'hall' | 'office' | 'store' | 'attic', number> = { hall: 0, office: 0, store: 0, attic: 0 };

beforeAll(async () => {
  app = await openAppWorld('tours');
  routes = {
    images: await import('@/app/api/v2/missions/[id]/tour-images/route'),
    tours: await import('@/app/api/v2/missions/[id]/tours/route'),
    tour: await import('@/app/api/v2/tours/[id]/route'),
    generate: await import('@/app/api/v2/tours/[id]/generate/route'),
    publish: await import('@/app/api/v2/tours/[id]/publish/route'),
    links: await import('@/app/api/v2/tours/[id]/links/route'),
    file: await import('@/app/api/v2/tours/[id]/panoramas/[imageId]/[file]/route'),
    publicTour: await import('@/app/api/v2/public-tours/[token]/route'),
    publicFile: await import('@/app/api/v2/public-tours/[token]/panoramas/[imageId]/[file]/route'),
  };
  missionId = app.w.m.rheinAssigned.id;
  ids.hall = await uploadPanorama(app, missionId, 'halle', await picture([200, 200, 200]));
  ids.office = await uploadPanorama(app, missionId, 'buero', await picture([0, 0, 220]));
  ids.store = await uploadPanorama(app, missionId, 'lager', await picture([0, 200, 0]));
  ids.attic = await uploadPanorama(app, missionId, 'dachboden', await picture([220, 220, 0]));
  await uploadPanorama(app, missionId, 'foto', await picture([9, 9, 9], 640, 480), 'photo');
}, 120_000);
afterAll(() => app?.close());

const m = (id: number) => ({ params: { id: String(id) } });
const getImages = (role: Role | null, id = missionId) => callAs(routes.images.GET, role, 'GET', `/api/v2/missions/${id}/tour-images`, m(id));
const patchImages = (role: Role, changes: unknown[]) => callAs(routes.images.PATCH, role, 'PATCH', `/api/v2/missions/${missionId}/tour-images`, { ...m(missionId), json: { changes } });
const listTours = (role: Role, id = missionId) => callAs(routes.tours.GET, role, 'GET', `/api/v2/missions/${id}/tours`, m(id));
const createTour = (role: Role, json: unknown, id = missionId) => callAs(routes.tours.POST, role, 'POST', `/api/v2/missions/${id}/tours`, { ...m(id), json });
const getTour = (role: Role, id: number) => callAs(routes.tour.GET, role, 'GET', `/api/v2/tours/${id}`, m(id));
const generate = (role: Role, id: number) => callAs(routes.generate.POST, role, 'POST', `/api/v2/tours/${id}/generate`, m(id));
const publish = (role: Role, id: number, method: 'POST' | 'DELETE' = 'POST') => callAs(routes.publish[method], role, method, `/api/v2/tours/${id}/publish`, m(id));
const putLinks = (role: Role, id: number, json: unknown) => callAs(routes.links.PUT, role, 'PUT', `/api/v2/tours/${id}/links`, { ...m(id), json });
const file = (role: Role, id: number, imageId: number, name: string) =>
  callAs(routes.file.GET, role, 'GET', `/api/v2/tours/${id}/panoramas/${imageId}/${name}`, { params: { id: String(id), imageId: String(imageId), file: name } });
const publicTour = (token: string) => callAs(routes.publicTour.GET, null, 'GET', `/api/v2/public-tours/${token}`, { params: { token } });
const publicFile = (token: string, imageId: number, name: string) =>
  callAs(routes.publicFile.GET, null, 'GET', `/api/v2/public-tours/${token}/panoramas/${imageId}/${name}`, { params: { token, imageId: String(imageId), file: name } });

async function imagesOf(role: Role): Promise<TourImageDto[]> {
  const res = await getImages(role);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: TourImageDto[] }).items;
}

async function meanColour(jpeg: Buffer): Promise<number[]> {
  const { channels } = await sharp(jpeg).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}

describe('the tour images of a mission', () => {
  it('lists its panoramas (not its photos) in upload order, unplaced, with who may edit', async () => {
    const res = await getImages('operator');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: TourImageDto[]; segmented: boolean; mayEdit: boolean; mayUpload: boolean };
    expect(body.items.map((i) => [i.name, i.order, i.floor, i.x, i.inTours, i.version])).toEqual([
      ['halle', 0, null, null, true, 0], ['buero', 1, null, null, true, 0], ['lager', 2, null, null, true, 0], ['dachboden', 3, null, null, true, 0],
    ]);
    expect(body.segmented).toBe(false);
    expect(body.mayEdit).toBe(true);
    // The operator uploads panoramas on the tour images page; customer2 (a customer) may not upload.
    expect(body.mayUpload).toBe(true);
    expect(((await (await getImages('customer2')).json()) as { mayUpload: boolean }).mayUpload).toBe(false);
  });

  it('answers per role and tenant: 401 without a session, 403 for another company', async () => {
    expect((await getImages(null)).status).toBe(401);
    for (const role of ['customer', 'external'] as const) {
      const res = await getImages(role);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe('not authorized to access mission id');
    }
    expect((await patchImages('customer', [{ imageId: ids.hall, version: 0, name: 'x' }])).status).toBe(403);
  });

  it('renames, re-orders and places in one write; a stale version writes nothing', async () => {
    const res = await patchImages('operator', [
      { imageId: ids.hall, version: 0, name: 'Eingangshalle', floor: 0, x: 0, y: 0, heading: 90 },
      { imageId: ids.office, version: 0, floor: 0, x: 5, y: 0 },
      { imageId: ids.store, version: 0, floor: 0, x: 10, y: 0 },
    ]);
    expect(res.status).toBe(200);
    const stale = await patchImages('operator', [{ imageId: ids.attic, version: 0, floor: 1, x: 9, y: 1 }, { imageId: ids.hall, version: 0, name: 'Zu spät' }]);
    expect(stale.status).toBe(409);
    const items = await imagesOf('operator');
    expect(items.find((i) => i.imageId === ids.attic)!.floor).toBeNull();
    expect(items.find((i) => i.imageId === ids.hall)!.name).toBe('Eingangshalle');
    expect(items.find((i) => i.imageId === ids.hall)!.version).toBe(1);
  });

  it('refuses half a position and bad input with 400, never 500', async () => {
    expect((await patchImages('operator', [{ imageId: ids.attic, version: 0, x: 3 }])).status).toBe(400);
    expect((await patchImages('operator', [{ imageId: ids.attic, version: 0, floor: 1.5 }])).status).toBe(400);
    expect((await patchImages('operator', [])).status).toBe(400);
    expect((await patchImages('operator', [{ imageId: ids.attic, version: 0, name: '  ' }])).status).toBe(400);
  });

  it('removes an image from the tours and re-orders', async () => {
    const before = await imagesOf('operator');
    const attic = before.find((i) => i.imageId === ids.attic)!;
    expect((await patchImages('customer2', [{ imageId: ids.attic, version: attic.version, inTours: false, order: 0 }])).status).toBe(200);
    const after = await imagesOf('operator');
    expect(after[0]!.imageId).toBe(ids.attic);
    expect(after[0]!.inTours).toBe(false);
  });
});

describe('tours', () => {
  let tourId: number;

  it('are created by who may edit the mission; others are refused', async () => {
    expect((await createTour('customer', { name: 'Rundgang' })).status).toBe(403);
    expect((await createTour('operator', { name: '' })).status).toBe(400);
    const res = await createTour('operator', { name: 'Rundgang' });
    expect(res.status).toBe(201);
    const created = (await res.json()) as TourDto;
    expect(created).toMatchObject({ name: 'Rundgang', status: 'not_published', published: false, publicPath: null, images: [], generation: null });
    tourId = created.id;
  });

  it('cannot be generated while a disabling rule applies, and says which', async () => {
    // Every image in tours is placed now (the attic left them); the point cloud is not ready.
    let listed = (await (await listTours('operator')).json()) as { generate: { allowed: boolean; blockedBy: string[] } };
    expect(listed.generate).toEqual({ allowed: false, blockedBy: ['pointcloudNotReady'] });
    const attic = (await imagesOf('operator')).find((i) => i.imageId === ids.attic)!;
    await patchImages('operator', [{ imageId: ids.attic, version: attic.version, inTours: true }]);
    listed = (await (await listTours('operator')).json()) as typeof listed;
    expect(listed.generate.blockedBy).toEqual(['notSegmented', 'pointcloudNotReady']);
    const refused = await generate('operator', tourId);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { details: { key: string; blockedBy: string[] } } }).error.details).toMatchObject({
      key: 'tours.blocked.notSegmented', blockedBy: ['notSegmented', 'pointcloudNotReady'],
    });

    // A mission without panoramas, closed: both rules named.
    const empty = app.w.m.provider.id;
    await app.t.db.update(mission).set({ closed: true }).where(eq(mission.id, empty));
    const none = (await (await listTours('admin', empty)).json()) as typeof listed;
    expect(none.generate.blockedBy).toEqual(['missionClosed', 'noImages', 'pointcloudNotReady']);
  });

  it('generates tiles for every level and links from positions, from the blurred derivative when there is one', async () => {
    const attic = (await imagesOf('operator')).find((i) => i.imageId === ids.attic)!;
    await patchImages('operator', [{ imageId: ids.attic, version: attic.version, floor: 1, x: 9, y: 1 }]);
    await markPointcloudReady(app, missionId);
    expect(((await (await listTours('operator')).json()) as { generate: unknown }).generate).toEqual({ allowed: true, blockedBy: [] });
    // Blurring rendered the hall: its derivative is red where the original is grey.
    const blurredKey = `missions/${missionId}/images/${ids.hall}/blurred-v9.jpg`;
    await storage().put(blurredKey, await picture([230, 0, 0]), { contentType: 'image/jpeg' });
    await app.t.db.update(missionImage).set({ blurredKey, width: 2048, height: 1024 }).where(eq(missionImage.id, ids.hall));

    const started = await generate('operator', tourId);
    expect(started.status).toBe(202);
    expect(((await started.json()) as TourDto).generation).toMatchObject({ state: 'queued' });
    expect((await generate('operator', tourId)).status).toBe(409);
    await runGeneration(app, tourId);

    const body = (await (await getTour('customer2', tourId)).json()) as { tour: TourDto; manifest: TourManifest };
    // Slides follow the images' order (the attic was moved first).
    expect(body.tour.images.map((s) => s.name)).toEqual(['dachboden', 'Eingangshalle', 'buero', 'lager']);
    expect(body.tour.images[1]!.imageLink).toBe(`/api/v2/tours/${tourId}/panoramas/${ids.hall}/preview.jpg`);
    expect(body.manifest.floors).toEqual([0, 1]);
    const node = (id: number) => body.manifest.nodes.find((n) => n.id === id)!;
    expect(node(ids.hall).levels).toEqual([{ width: 1024, cols: 2, rows: 1 }, { width: 2048, cols: 4, rows: 2 }]);
    // Hall faces east (heading 90°): the office 5 m east is straight ahead, the store behind it.
    expect(node(ids.hall).links.map((l) => [l.to, l.yaw, l.distance, l.stairs])).toEqual([[ids.office, 0, 5, false], [ids.store, 0, 10, false]]);
    // Office faces north: the hall is to its left (west), the store to its right.
    expect(node(ids.office).links.map((l) => [l.to, Math.round((l.yaw * 180) / Math.PI)])).toEqual([[ids.hall, -90], [ids.store, 90]]);
    // The stairs join the two floors at the closest pair: store (10,0) and attic (9,1).
    expect(node(ids.attic).links).toEqual([{ to: ids.store, yaw: expect.any(Number), distance: 1.414, stairs: true }]);
    expect(node(ids.store).links.map((l) => [l.to, l.stairs])).toEqual([[ids.attic, true], [ids.office, false], [ids.hall, false]]);

    const keys = await keysUnder(`missions/${missionId}/tours/${tourId}/`);
    expect(keys.filter((k) => k.split('/')[5] === String(ids.hall)).map((k) => k.split('/').pop())).toEqual(
      ['0_0_0.jpg', '0_0_1.jpg', '1_0_0.jpg', '1_0_1.jpg', '1_0_2.jpg', '1_0_3.jpg', '1_1_0.jpg', '1_1_1.jpg', '1_1_2.jpg', '1_1_3.jpg', 'preview.jpg'],
    );
    const tile = await file('operator', tourId, ids.hall, '1_1_2.jpg');
    expect(tile.status).toBe(200);
    const bytes = Buffer.from(await tile.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 512, height: 512 });
    const [r, g, b] = await meanColour(bytes);
    expect(r).toBeGreaterThan(200);
    expect(g! + b!).toBeLessThan(30);
    const office = await meanColour(Buffer.from(await (await file('operator', tourId, ids.office, 'preview.jpg')).arrayBuffer()));
    expect(office[2]).toBeGreaterThan(200);
    expect((await file('customer', tourId, ids.hall, 'preview.jpg')).status).toBe(403);
    expect((await file('operator', tourId, ids.hall, '..%2Fx.jpg')).status).toBe(404);
  });

  it('keeps the previous tour when a generation fails, with status error and the reason', async () => {
    const before = (await (await getTour('operator', tourId)).json()) as { manifest: TourManifest };
    const odd = await uploadPanorama(app, missionId, 'schief', await picture([5, 5, 5], 1000, 800));
    await patchImages('operator', [{ imageId: odd, version: 0, floor: 0, x: 20, y: 0 }]);
    expect((await generate('operator', tourId)).status).toBe(202);
    await expect(runGeneration(app, tourId)).rejects.toThrow('2:1');
    const after = (await (await getTour('operator', tourId)).json()) as { tour: TourDto; manifest: TourManifest };
    expect(after.tour.status).toBe('error');
    expect(after.tour.errorReason).toContain('"schief"');
    expect(after.manifest).toEqual(before.manifest);
    expect((await file('operator', tourId, ids.hall, '0_0_1.jpg')).status).toBe(200);
    // Only the kept generation's files remain.
    expect(new Set((await keysUnder(`missions/${missionId}/tours/${tourId}/`)).map((k) => k.split('/')[4])).size).toBe(1);
    const images = await imagesOf('operator');
    await patchImages('operator', [{ imageId: odd, version: images.find((i) => i.imageId === odd)!.version, inTours: false }]);
  });

  it('keeps links edited by hand (versioned) through a regeneration, until they are rebuilt from positions', async () => {
    const before = (await (await getTour('operator', tourId)).json()) as { tour: TourDto; manifest: TourManifest };
    const pairsOf = (manifest: TourManifest) =>
      manifest.nodes.flatMap((n) => n.links.filter((l) => n.id < l.to).map((l) => [n.id, l.to] as [number, number])).sort((p, q) => p[0] - q[0] || p[1] - q[1]);
    const linksOf = (manifest: TourManifest, id: number) => manifest.nodes.find((n) => n.id === id)!.links.map((l) => [l.to, l.stairs]);
    const automatic = pairsOf(before.manifest);
    const pair = (a: number, b: number): [number, number] => (a < b ? [a, b] : [b, a]);
    const hallStore = pair(ids.hall, ids.store);
    expect(automatic).toContainEqual(hallStore);
    // By hand: no way from the hall to the store, but a stairs link from the hall up to the attic.
    const wanted = [...automatic.filter(([a, b]) => a !== hallStore[0] || b !== hallStore[1]), pair(ids.hall, ids.attic)];

    expect((await putLinks('customer', tourId, { version: before.tour.version, links: wanted })).status).toBe(403);
    expect((await putLinks('operator', tourId, { version: before.tour.version, links: [[ids.hall, ids.hall]] })).status).toBe(400);
    expect((await putLinks('operator', tourId, { version: before.tour.version, links: [[ids.hall, 999_999]] })).status).toBe(400);
    expect((await putLinks('operator', tourId, { version: before.tour.version + 1, links: wanted })).status).toBe(409);
    const saved = await putLinks('customer2', tourId, { version: before.tour.version, links: wanted });
    expect(saved.status).toBe(200);
    const edited = (await saved.json()) as { tour: TourDto; manifest: TourManifest };
    expect(edited.tour.version).toBe(before.tour.version + 1);
    expect(linksOf(edited.manifest, ids.hall)).toEqual([[ids.office, false], [ids.attic, true]]);
    expect(linksOf(edited.manifest, ids.attic)).toEqual([[ids.store, true], [ids.hall, true]]);
    // The same save again is stale: versioned like every edit.
    expect((await putLinks('operator', tourId, { version: before.tour.version, links: automatic })).status).toBe(409);

    // A regeneration builds the links from positions again, then applies the edits.
    expect((await generate('operator', tourId)).status).toBe(202);
    await runGeneration(app, tourId);
    const regenerated = (await (await getTour('operator', tourId)).json()) as { tour: TourDto; manifest: TourManifest };
    expect(regenerated.tour.status).not.toBe('error');
    expect(pairsOf(regenerated.manifest)).toEqual(pairsOf(edited.manifest));

    // Rebuilding = saving the links positions give: nothing edited is left for later generations.
    const rebuilt = await putLinks('operator', tourId, { version: regenerated.tour.version, links: automatic });
    expect(rebuilt.status).toBe(200);
    expect(pairsOf(((await rebuilt.json()) as { manifest: TourManifest }).manifest)).toEqual(automatic);
    expect((await generate('operator', tourId)).status).toBe(202);
    await runGeneration(app, tourId);
    expect(pairsOf(((await (await getTour('operator', tourId)).json()) as { manifest: TourManifest }).manifest)).toEqual(automatic);
  });

  it("shows the 3D viewer's visible measurements and annotations as markers at their place in each panorama", async () => {
    // Nothing to place them by until the point cloud's frame is known (its metadata.json).
    const markersOf = async () => ((await (await getTour('customer2', tourId)).json()) as { markers: TourMarkers }).markers;
    const corner = [691600, 5334780, 519] as const;
    const at = (x: number, y: number, z: number): [number, number, number] => [corner[0] + x, corner[1] + y, corner[2] + z];
    const camera = { position: at(0, 0, 1.6), target: at(1, 0, 1.6) };
    await app.t.db.insert(measurement).values([
      // 5 m east of the hall at eye height: the office's spot, straight ahead from the hall (it faces east).
      { missionId, kind: 'annotation', name: 'Notiz', points: [at(5, 0, 1.6)], data: { title: 'Riss <b>Wand</b>', text: 'prüfen', camera } },
      { missionId, kind: 'distance', name: 'Flur', points: [at(0, 2, 0), at(4, 2, 0)] },
      { missionId, kind: 'distance', name: 'Versteckt', visible: false, points: [at(0, 1, 1), at(1, 1, 1)] },
      { missionId, kind: 'annotation', name: 'Dach', points: [at(9, 1, 4.6)], data: { title: 'Dachfenster', text: '', camera } },
    ]);
    expect(await markersOf()).toEqual({});
    await storage().put(`missions/${missionId}/cloud/metadata.json`, Buffer.from(JSON.stringify({ version: '2.0', points: 1, boundingBox: { min: corner, max: at(20, 20, 10) } })), { contentType: 'application/json' });

    const markers = await markersOf();
    const deg = (rad: number) => Math.round((rad * 180) / Math.PI);
    expect(markers[String(ids.hall)]!.map((m) => [m.name, m.kind, m.value, m.text, deg(m.yaw), deg(m.pitch)])).toEqual([
      ['Flur', 'distance', 4, null, -45, -29],
      ['Riss <b>Wand</b>', 'annotation', null, 'prüfen', 0, 0],
    ]);
    // Upstairs (one storey of 3 m up), the attic sees only its own floor's note, 1.6 m ahead at eye height.
    expect(markers[String(ids.attic)]!.map((m) => [m.name, m.distance])).toEqual([['Dachfenster', 0]]);
  });

  it("is another company's: its tour, images, tiles and links answer the mission's 403", async () => {
    const tour = (await getTour('operator', tourId)).status;
    expect(tour).toBe(200);
    for (const role of ['customer', 'external'] as const) {
      const res = await getTour(role, tourId);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe('not authorized to access mission id');
      expect((await getImages(role)).status).toBe(403);
      expect((await file(role, tourId, ids.office, '0_0_0.jpg')).status).toBe(403);
      expect((await file(role, tourId, ids.office, 'preview.jpg')).status).toBe(403);
      expect((await putLinks(role, tourId, { version: 1, links: [] })).status).toBe(403);
    }
  });

  it('is published only once blurring is finished; the public link works without a session until unpublished', async () => {
    const refused = await publish('operator', tourId);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { details: { key: string } } }).error.details.key).toBe('tours.errors.blurringUnfinished');
    expect((await publish('customer', tourId)).status).toBe(403);

    await finishBlurring(app, missionId);
    const res = await publish('operator', tourId);
    expect(res.status).toBe(200);
    const published = (await res.json()) as TourDto;
    expect(published.published).toBe(true);
    const token = published.publicPath!.replace('/tours/', '');
    expect(token.length).toBeGreaterThanOrEqual(32);

    const open = await publicTour(token);
    expect(open.status).toBe(200);
    expect(((await open.json()) as { name: string; manifest: TourManifest }).manifest.nodes).toHaveLength(4);
    const tile = await publicFile(token, ids.office, '0_0_0.jpg');
    expect(tile.status).toBe(200);
    expect(tile.headers.get('x-robots-tag')).toBe('noindex');
    expect((await publicTour('A'.repeat(32))).status).toBe(404);

    const revoked = await publish('operator', tourId, 'DELETE');
    expect(((await revoked.json()) as TourDto).published).toBe(false);
    expect((await publicTour(token)).status).toBe(404);
    expect((await publicFile(token, ids.office, '0_0_0.jpg')).status).toBe(404);
  });

  it('is renamed with its version (409 when stale) and deleted with its files', async () => {
    const current = ((await (await getTour('operator', tourId)).json()) as { tour: TourDto }).tour;
    const rename = (role: Role, version: number) => callAs(routes.tour.PATCH, role, 'PATCH', `/api/v2/tours/${tourId}`, { ...m(tourId), json: { version, name: 'Rundgang EG' } });
    expect((await rename('customer', current.version)).status).toBe(403);
    const renamed = await rename('customer2', current.version);
    expect(renamed.status).toBe(200);
    expect((await rename('operator', current.version)).status).toBe(409);
    const version = ((await renamed.json()) as TourDto).version;
    const del = (v: number) => callAs(routes.tour.DELETE, 'operator', 'DELETE', `/api/v2/tours/${tourId}?version=${v}`, m(tourId));
    expect((await del(current.version)).status).toBe(409);
    expect((await del(version)).status).toBe(204);
    expect((await getTour('operator', tourId)).status).toBe(404);
    expect(await keysUnder(`missions/${missionId}/tours/${tourId}/`)).toEqual([]);
  });
});
