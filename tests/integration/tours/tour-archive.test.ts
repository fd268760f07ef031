import { unzipSync, zipSync, type Zippable } from 'fflate';
import { eq } from 'drizzle-orm';
import { auditEvent } from '@/lib/server/db/schema';
import type { TourDto, TourManifest } from '@/lib/shared/schemas/tour';
import type { TourArchiveManifest } from '@/lib/shared/schemas/tour-archive';
import { callAs, openAppWorld, type AppWorld, type Role } from '../mission-files/app-world';
import { keysUnder, markPointcloudReady, picture, runGeneration, uploadPanorama } from './tour-world';

/*
 * Issue 17 point 5 (export and upload of a tour as a self-contained zip) and the zip tests of
 * point 7, against real PostgreSQL, storage and identity service: the round trip, each kind of
 * hostile or broken archive refused with nothing left in storage, and who may do what.
 */

let app: AppWorld;
let routes: {
  tours: typeof import('@/app/api/v2/missions/[id]/tours/route');
  importRoute: typeof import('@/app/api/v2/missions/[id]/tours/import/route');
  tour: typeof import('@/app/api/v2/tours/[id]/route');
  generate: typeof import('@/app/api/v2/tours/[id]/generate/route');
  exportRoute: typeof import('@/app/api/v2/tours/[id]/export/route');
  file: typeof import('@/app/api/v2/tours/[id]/panoramas/[imageId]/[file]/route');
};
/** Rheinland's mission assigned to the operator: the operator and customer2 (Rheinland) edit it; customer (Nord) does not see it. */
let missionId: number;
/** Rheinland's mission shared with Nord's customer: they read its tours, they do not change them. */
let sharedId: number;
let tourId: number;
let exported: Uint8Array;

const m = (id: number) => ({ params: { id: String(id) } });
const exportTour = (role: Role | null, id: number) => callAs(routes.exportRoute.GET, role, 'GET', `/api/v2/tours/${id}/export`, m(id));
const importTour = (role: Role | null, zip: Uint8Array, id = missionId) =>
  callAs(routes.importRoute.POST, role, 'POST', `/api/v2/missions/${id}/tours/import`, { ...m(id), headers: { 'content-type': 'application/zip' }, raw: Uint8Array.from(zip) });
const getTour = (role: Role, id: number) => callAs(routes.tour.GET, role, 'GET', `/api/v2/tours/${id}`, m(id));
const listTours = async (role: Role, id = missionId) => ((await (await callAs(routes.tours.GET, role, 'GET', `/api/v2/missions/${id}/tours`, m(id))).json()) as { items: TourDto[] }).items;
const file = (role: Role, id: number, imageId: number, name: string) =>
  callAs(routes.file.GET, role, 'GET', `/api/v2/tours/${id}/panoramas/${imageId}/${name}`, { params: { id: String(id), imageId: String(imageId), file: name } });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; details?: { key?: string } } }).error;

beforeAll(async () => {
  app = await openAppWorld('tour-archive');
  routes = {
    tours: await import('@/app/api/v2/missions/[id]/tours/route'),
    importRoute: await import('@/app/api/v2/missions/[id]/tours/import/route'),
    tour: await import('@/app/api/v2/tours/[id]/route'),
    generate: await import('@/app/api/v2/tours/[id]/generate/route'),
    exportRoute: await import('@/app/api/v2/tours/[id]/export/route'),
    file: await import('@/app/api/v2/tours/[id]/panoramas/[imageId]/[file]/route'),
  };
  missionId = app.w.m.rheinAssigned.id;
  sharedId = app.w.m.rheinShared.id;
  const hall = await uploadPanorama(app, missionId, 'halle', await picture([200, 200, 200], 1024));
  const office = await uploadPanorama(app, missionId, 'buero', await picture([0, 0, 220], 2048));
  const attic = await uploadPanorama(app, missionId, 'dachboden', await picture([220, 220, 0], 1024));
  const images = await import('@/app/api/v2/missions/[id]/tour-images/route');
  const placed = await callAs(images.PATCH, 'operator', 'PATCH', `/api/v2/missions/${missionId}/tour-images`, {
    ...m(missionId),
    json: { changes: [{ imageId: hall, version: 0, floor: 0, x: 0, y: 0 }, { imageId: office, version: 0, floor: 0, x: 4, y: 0, heading: 90 }, { imageId: attic, version: 0, floor: 1, x: 1, y: 1 }] },
  });
  expect(placed.status).toBe(200);
  await markPointcloudReady(app, missionId);
  const created = await callAs(routes.tours.POST, 'operator', 'POST', `/api/v2/missions/${missionId}/tours`, { ...m(missionId), json: { name: 'Rundgang Süd' } });
  tourId = ((await created.json()) as TourDto).id;
  expect((await callAs(routes.generate.POST, 'operator', 'POST', `/api/v2/tours/${tourId}/generate`, m(tourId))).status).toBe(202);
  await runGeneration(app, tourId);
}, 180_000);
afterAll(() => app?.close());

async function manifestOf(id: number): Promise<TourManifest> {
  const res = await getTour('operator', id);
  expect(res.status).toBe(200);
  return ((await res.json()) as { manifest: TourManifest }).manifest;
}

/** The exported archive, unpacked, changed by `edit`, packed again. */
function altered(edit: (files: Zippable & Record<string, Uint8Array>) => void): Uint8Array {
  const files = unzipSync(exported) as Record<string, Uint8Array>;
  edit(files);
  return zipSync(files);
}

const text = (s: string) => new TextEncoder().encode(s);
const manifestIn = (files: Record<string, Uint8Array>) => JSON.parse(new TextDecoder().decode(files['manifest.json'])) as TourArchiveManifest;

/** A JPEG that is only its frame header: `width`×`height` as declared, nothing to decode. */
function jpegHeader(width: number, height: number): Uint8Array {
  return Uint8Array.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xff, 0xd9]);
}

describe('exporting a tour', () => {
  it('streams a self-contained zip: page, viewer, manifest as JSON and as a script, every tile', async () => {
    const res = await exportTour('operator', tourId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('Rundgang');
    exported = new Uint8Array(await res.arrayBuffer());
    const files = unzipSync(exported);
    const manifest = await manifestOf(tourId);
    const archive = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as TourArchiveManifest;
    expect(archive).toMatchObject({ format: 'argus-tour', version: 1, name: 'Rundgang Süd', tour: manifest });
    const html = new TextDecoder().decode(files['index.html']);
    expect(html).toContain('<script src="tour-data.js"></script>');
    expect(html).toContain('<script src="viewer/viewer.js"></script>');
    expect(html).not.toMatch(/https?:\/\//);
    expect(new TextDecoder().decode(files['tour-data.js'])).toContain('window.ARGUS_TOUR = {');
    expect(files['viewer/viewer.js']!.length).toBeGreaterThan(100_000);
    expect(files['viewer/viewer.css']!.length).toBeGreaterThan(1000);
    // 1024 wide: preview + 2 tiles; 2048 wide: preview + 2 + 8 tiles.
    const panoramaFiles = Object.keys(files).filter((k) => k.startsWith('panoramas/') && k.endsWith('.jpg'));
    expect(panoramaFiles).toHaveLength(3 + 2 + 10 + 2);
    const node = manifest.nodes[0]!;
    // Opened from disk, the viewer takes each preview and level 0 from a script, as data URLs.
    const disk = new TextDecoder().decode(files[`panoramas/${node.id}/disk.js`]);
    expect(disk).toMatch(new RegExp(`^\\(window\\.ARGUS_TOUR_DISK = window\\.ARGUS_TOUR_DISK \\|\\| \\{\\}\\)\\[${node.id}\\] = \\{"preview":"data:image/jpeg;base64,`));
    expect(disk).toContain('"0_0_1.jpg":"data:image/jpeg;base64,');
    const served = await file('operator', tourId, node.id, '0_0_1.jpg');
    expect(Buffer.from(files[`panoramas/${node.id}/0_0_1.jpg`]!).equals(Buffer.from(await served.arrayBuffer()))).toBe(true);
  });

  it('is audited', async () => {
    const events = await app.t.db.select().from(auditEvent).where(eq(auditEvent.entityId, String(tourId)));
    expect(events.some((e) => e.entity === 'tour' && e.action === 'export')).toBe(true);
  });

  it('is refused before a generation, with the reason', async () => {
    const created = await callAs(routes.tours.POST, 'operator', 'POST', `/api/v2/missions/${missionId}/tours`, { ...m(missionId), json: { name: 'Leer' } });
    const empty = ((await created.json()) as TourDto).id;
    const res = await exportTour('operator', empty);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).details?.key).toBe('tours.export.notGenerated');
  });

  it('is for whoever may read the tour: another company 403, no session 401, unknown 404', async () => {
    expect((await exportTour('customer2', tourId)).status).toBe(200);
    const foreign = await exportTour('customer', tourId);
    expect(foreign.status).toBe(403);
    expect((await errorOf(foreign)).message).toBe('not authorized to access mission id');
    expect((await exportTour('external', tourId)).status).toBe(403);
    expect((await exportTour(null, tourId)).status).toBe(401);
    expect((await exportTour('operator', 999_999)).status).toBe(404);
  });
});

describe('importing a tour', () => {
  it('gives the mission a new unpublished tour with the same panoramas, links and tiles', async () => {
    const before = await keysUnder(`missions/${missionId}/tours/`);
    const res = await importTour('customer2', exported);
    expect(res.status).toBe(201);
    const imported = (await res.json()) as TourDto;
    expect(imported).toMatchObject({ name: 'Rundgang Süd', status: 'not_published', published: false, publicPath: null, missionId });
    expect(imported.id).not.toBe(tourId);
    expect((await listTours('operator')).map((t) => t.id)).toContain(imported.id);
    const original = await manifestOf(tourId);
    expect(await manifestOf(imported.id)).toEqual(original);
    for (const node of original.nodes) {
      const a = Buffer.from(await (await file('operator', tourId, node.id, 'preview.jpg')).arrayBuffer());
      const b = await file('operator', imported.id, node.id, 'preview.jpg');
      expect(b.status).toBe(200);
      expect(Buffer.from(await b.arrayBuffer()).equals(a)).toBe(true);
    }
    const added = (await keysUnder(`missions/${missionId}/tours/`)).filter((k) => !before.includes(k));
    expect(added.every((k) => k.startsWith(`missions/${missionId}/tours/${imported.id}/g-import-`))).toBe(true);
    expect(added).toHaveLength(17);
    const events = await app.t.db.select().from(auditEvent).where(eq(auditEvent.entityId, String(imported.id)));
    expect(events.map((e) => e.action)).toContain('import');
  });

  it('accepts an archive unpacked and zipped again with its folders', async () => {
    const res = await importTour('operator', altered((files) => {
      files['panoramas/'] = new Uint8Array(0);
      files['viewer/'] = new Uint8Array(0);
    }));
    expect(res.status).toBe(201);
  });

  const refusals: [string, () => Uint8Array, string][] = [
    ['a ../ path', () => altered((f) => { f['../evil.jpg'] = jpegHeader(512, 512); }), 'tours.import.unsafePath'],
    ['a ../ inside a path', () => altered((f) => { f['panoramas/../../escape.js'] = text('x'); }), 'tours.import.unsafePath'],
    ['an absolute path', () => altered((f) => { f['/etc/cron.d/evil'] = text('x'); }), 'tours.import.unsafePath'],
    ['a drive letter', () => altered((f) => { f['C:/Windows/evil.js'] = text('x'); }), 'tours.import.unsafePath'],
    ['a backslash path', () => altered((f) => { f['..\\evil.js'] = text('x'); }), 'tours.import.unsafePath'],
    ['a symbolic link', () => altered((f) => { (f as Zippable)['viewer/link.js'] = [text('/etc/passwd'), { os: 3, attrs: 0o120777 << 16 }]; }), 'tours.import.unsafePath'],
    ['a file that is not part of a tour', () => altered((f) => { f['run.sh'] = text('rm -rf /'); }), 'tours.import.unexpectedPath'],
    ['a zip bomb (30 MB of zeros in 30 kB)', () => altered((f) => { f['viewer/viewer.js'] = new Uint8Array(30 * 1024 ** 2); }), 'tours.import.tooLarge'],
    ['an entry over the size limit', () => altered((f) => { (f as Zippable)['viewer/viewer.js'] = [new Uint8Array(40 * 1024 ** 2), { level: 0 }]; }), 'tours.import.tooLarge'],
    ['a 65 535 × 32 767 JPEG (the largest a JPEG header holds)', () => altered((f) => {
      const archive = manifestIn(f);
      f[`panoramas/${archive.tour.nodes.at(-1)!.id}/preview.jpg`] = jpegHeader(65_535, 32_767);
    }), 'tours.import.imageTooLarge'],
    ['a tile of the wrong size', () => altered((f) => {
      const archive = manifestIn(f);
      f[`panoramas/${archive.tour.nodes.at(-1)!.id}/0_0_0.jpg`] = jpegHeader(256, 256);
    }), 'tours.import.invalidImage'],
    ['an image that is not a JPEG', () => altered((f) => {
      const archive = manifestIn(f);
      f[`panoramas/${archive.tour.nodes.at(-1)!.id}/0_0_0.jpg`] = text('<svg/>');
    }), 'tours.import.invalidImage'],
    ['a manifest that is not JSON', () => altered((f) => { f['manifest.json'] = text('{"format":'); }), 'tours.import.invalidManifest'],
    ['a manifest of something else', () => altered((f) => { f['manifest.json'] = text(JSON.stringify({ ...manifestIn(f), format: 'other' })); }), 'tours.import.invalidManifest'],
    ['a link to a panorama that is not there', () => altered((f) => {
      const archive = manifestIn(f);
      archive.tour.nodes[0]!.links.push({ to: 987_654, yaw: 0, distance: 1, stairs: false });
      f['manifest.json'] = text(JSON.stringify(archive));
    }), 'tours.import.invalidManifest'],
    ['no manifest', () => altered((f) => { delete f['manifest.json']; }), 'tours.import.invalidManifest'],
    ['a missing tile', () => altered((f) => {
      const archive = manifestIn(f);
      delete f[`panoramas/${archive.tour.nodes[0]!.id}/0_0_1.jpg`];
    }), 'tours.import.missingFile'],
    ['a panorama the manifest does not name', () => altered((f) => { f['panoramas/424242/preview.jpg'] = jpegHeader(1024, 512); }), 'tours.import.unexpectedPath'],
    ['a file that is not a zip', () => text('just text, no zip here'), 'tours.import.notZip'],
  ];

  it.each(refusals)('refuses %s with 422 and the reason, leaving nothing in storage', async (_what, make, key) => {
    const before = await keysUnder(`missions/${missionId}/tours/`);
    const tours = (await listTours('operator')).length;
    const res = await importTour('operator', make());
    expect(res.status).toBe(422);
    expect((await errorOf(res)).details?.key).toBe(key);
    expect(await keysUnder(`missions/${missionId}/tours/`)).toEqual(before);
    expect(await listTours('operator')).toHaveLength(tours);
  });

  it('is for whoever may change the mission: another company 403, a customer it is shared with 403, no session 401', async () => {
    const foreign = await importTour('customer', exported);
    expect(foreign.status).toBe(403);
    expect((await errorOf(foreign)).message).toBe('not authorized to access mission id');
    expect((await importTour('external', exported)).status).toBe(403);
    expect((await importTour('customer', exported, sharedId)).status).toBe(403);
    expect((await importTour(null, exported)).status).toBe(401);
    expect((await importTour('operator', exported, 999_999)).status).toBe(404);
  });

  it('lets a customer the mission is shared with export its tours, since they may read them', async () => {
    const res = await importTour('admin', exported, sharedId);
    expect(res.status).toBe(201);
    const shared = (await res.json()) as TourDto;
    expect((await exportTour('customer', shared.id)).status).toBe(200);
  });
});
