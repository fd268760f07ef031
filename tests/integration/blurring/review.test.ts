import sharp from 'sharp';
import { iou } from '@/lib/server/blurring/tiles';
import * as api from '@/lib/shared/api/endpoints/blurring';
import type { Region } from '@/lib/shared/schemas/blurring';
import { callAs, openAppWorld, type AppWorld, type Role } from '../mission-files/app-world';
import { imageRow, PORTRAIT, PORTRAIT_FACES, runDetection, uploadPortrait } from './blurring-world';

/*
 * Issue 18 against real PostgreSQL, storage and identity service: detection on the committed
 * portrait, the blurred derivative, who may see originals, the versioned save, and the four-eyes
 * rule of spec §6 on approve and finish.
 */

const FOUR_EYES = 'Blurring can only be finished by someone other than the person who blurred.';

let app: AppWorld;
let routes: {
  queue: typeof import('@/app/api/v2/blurring/queue/route');
  images: typeof import('@/app/api/v2/missions/[id]/blurring/images/route');
  regions: typeof import('@/app/api/v2/blurring/images/[id]/regions/route');
  approve: typeof import('@/app/api/v2/blurring/images/[id]/approve/route');
  picture: typeof import('@/app/api/v2/blurring/images/[id]/[variant]/route');
  finish: typeof import('@/app/api/v2/missions/[id]/blurring/finish/route');
  record: typeof import('@/app/api/v2/missions/[id]/blurring/record/route');
  file: typeof import('@/app/api/v2/missions/[id]/files/[fileId]/route');
};
/** The portrait on the mission assigned to the operator (Rheinland's) and on Nord's mission (customer's company). */
let assigned: number;
let nord: number;

beforeAll(async () => {
  app = await openAppWorld('blurring');
  routes = {
    queue: await import('@/app/api/v2/blurring/queue/route'),
    images: await import('@/app/api/v2/missions/[id]/blurring/images/route'),
    regions: await import('@/app/api/v2/blurring/images/[id]/regions/route'),
    approve: await import('@/app/api/v2/blurring/images/[id]/approve/route'),
    picture: await import('@/app/api/v2/blurring/images/[id]/[variant]/route'),
    finish: await import('@/app/api/v2/missions/[id]/blurring/finish/route'),
    record: await import('@/app/api/v2/missions/[id]/blurring/record/route'),
    file: await import('@/app/api/v2/missions/[id]/files/[fileId]/route'),
  };
  assigned = await uploadPortrait(app, app.w.m.rheinAssigned.id, 'hof');
  nord = await uploadPortrait(app, app.w.m.nord.id, 'eingang');
  await runDetection(app, assigned);
  await runDetection(app, nord);
}, 120_000);
afterAll(() => app?.close());

const picture = (role: Role | null, id: number, variant: string) =>
  callAs(routes.picture.GET, role, 'GET', `/api/v2/blurring/images/${id}/${variant}`, { params: { id: String(id), variant } });
const getRegions = (role: Role, id: number) => callAs(routes.regions.GET, role, 'GET', `/api/v2/blurring/images/${id}/regions`, { params: { id: String(id) } });
const putRegions = (role: Role, id: number, body: unknown) => callAs(routes.regions.PUT, role, 'PUT', `/api/v2/blurring/images/${id}/regions`, { params: { id: String(id) }, json: body });
const approve = (role: Role, id: number) => callAs(routes.approve.POST, role, 'POST', `/api/v2/blurring/images/${id}/approve`, { params: { id: String(id) } });
const finish = (role: Role, missionId: number) => callAs(routes.finish.POST, role, 'POST', `/api/v2/missions/${missionId}/blurring/finish`, { params: { id: String(missionId) } });
const images = (role: Role, missionId: number) => callAs(routes.images.GET, role, 'GET', `/api/v2/missions/${missionId}/blurring/images`, { params: { id: String(missionId) } });

async function pixels(jpeg: Buffer) {
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width };
}

/** Mean absolute difference per channel of two same-sized images inside (or outside) the boxes. */
function meanDiff(a: { data: Buffer; width: number }, b: { data: Buffer }, boxes: readonly Region[], inside: boolean): number {
  let sum = 0;
  let n = 0;
  const rows = a.data.length / 3 / a.width;
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < a.width; x++) {
      // A margin of 3 px around each box keeps JPEG's 8-px blocks at the edge out of both sides.
      const near = boxes.some((r) => x >= r.x - 3 && x <= r.x + r.width + 3 && y >= r.y - 3 && y <= r.y + r.height + 3);
      const core = boxes.some((r) => x >= r.x + r.width * 0.3 && x <= r.x + r.width * 0.7 && y >= r.y + r.height * 0.3 && y <= r.y + r.height * 0.7);
      if (inside ? !core : near) continue;
      for (let c = 0; c < 3; c++) sum += Math.abs(a.data[(y * a.width + x) * 3 + c]! - b.data[(y * a.width + x) * 3 + c]!);
      n += 3;
    }
  }
  return sum / n;
}

/** Mean absolute difference between horizontally neighbouring pixels in the middle of the regions: how much detail is left. */
function detail(image: { data: Buffer; width: number }, boxes: readonly Region[]): number {
  let sum = 0;
  let n = 0;
  for (const r of boxes) {
    for (let y = Math.ceil(r.y + r.height * 0.3); y < r.y + r.height * 0.7; y++) {
      for (let x = Math.ceil(r.x + r.width * 0.3); x < r.x + r.width * 0.7; x++) {
        for (let c = 0; c < 3; c++) sum += Math.abs(image.data[(y * image.width + x) * 3 + c]! - image.data[(y * image.width + x + 1) * 3 + c]!);
        n += 3;
      }
    }
  }
  return sum / n;
}

describe('detection', () => {
  it('finds both faces of the portrait and keeps them as detector proposals with their confidence', async () => {
    const row = await imageRow(app, assigned);
    expect(row).toMatchObject({ detection: 'done', width: 560, height: 329, kind: 'photo', detector: 'face-api ssd-mobilenet-v1' });
    expect(row.detectorVersion).toMatch(/^1\.7\.15 /);
    expect(row.regions).toHaveLength(2);
    for (const face of PORTRAIT_FACES) {
      const match = row.regions.find((r) => iou(r, face) >= 0.3);
      expect(match).toMatchObject({ source: 'detector', kind: 'face', adjusted: false, createdBy: null });
      expect(match!.confidence).toBeGreaterThan(0.5);
    }
  });
});

describe('the blurred derivative', () => {
  it('changes the pixels of the regions and leaves the others as they were', async () => {
    const res = await picture('operator', assigned, 'blurred');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const blurred = await pixels(Buffer.from(await res.arrayBuffer()));
    const original = await pixels(PORTRAIT);
    const { regions } = await imageRow(app, assigned);
    // Inside: the faces' detail is gone (the pixels change and neighbouring pixels become alike);
    // outside: nothing but the JPEG re-encoding's noise.
    expect(meanDiff(original, blurred, regions, true)).toBeGreaterThan(8);
    expect(detail(blurred, regions)).toBeLessThan(0.25 * detail(original, regions));
    expect(meanDiff(original, blurred, regions, false)).toBeLessThan(1.5);
  });

  it('is what the mission download of the photo serves, never the original', async () => {
    const row = await imageRow(app, nord);
    const res = await callAs(routes.file.GET, 'customer', 'GET', `/api/v2/missions/${app.w.m.nord.id}/files/${row.missionFileId}`, {
      params: { id: String(app.w.m.nord.id), fileId: String(row.missionFileId) },
    });
    expect(res.status).toBe(200);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(PORTRAIT)).toBe(false);
    expect(res.headers.get('content-disposition')).toContain('eingang-blurred.jpg');
  });
});

describe('who sees what', () => {
  it.each<[Role, 'assigned' | 'nord', string, number]>([
    ['operator', 'assigned', 'original', 200],
    ['advanced', 'nord', 'original', 200],
    // The customer sees the mission, but the original only the blurring review does.
    ['customer', 'nord', 'original', 403],
    ['customer', 'nord', 'blurred', 200],
    ['customer', 'nord', 'thumbnail', 200],
    ['customer2', 'nord', 'blurred', 403],
    ['operator', 'nord', 'original', 403],
    ['external', 'assigned', 'blurred', 403],
  ])('%s asking for the %s image %s → %i', async (role, which, variant, status) => {
    const res = await picture(role, which === 'assigned' ? assigned : nord, variant);
    expect(res.status).toBe(status);
  });

  it('keeps the regions and the queue to the blurring permission', async () => {
    expect((await getRegions('customer', nord)).status).toBe(403);
    expect((await images('customer', app.w.m.nord.id)).status).toBe(403);
    expect((await callAs(routes.queue.GET, 'customer', 'GET', '/api/v2/blurring/queue')).status).toBe(403);
    expect((await picture(null, nord, 'blurred')).status).toBe(401);
    expect((await picture('admin', 999_999, 'blurred')).status).toBe(404);
  });

  it("lists in the operator's queue only the missions the operator may see, with the counts", async () => {
    const res = await callAs(routes.queue.GET, 'operator', 'GET', '/api/v2/blurring/queue');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(api.blurringQueue.response.safeParse(body).success).toBe(true);
    expect(body.items.map((i: { missionId: number }) => i.missionId)).toEqual([app.w.m.rheinAssigned.id]);
    expect(body.items[0]).toMatchObject({ toReview: 1, approved: 0, remaining: 1, detecting: 0, stage: 'blur', blurredBy: null });
    const admin = await (await callAs(routes.queue.GET, 'admin', 'GET', '/api/v2/blurring/queue')).json();
    expect(admin.items.map((i: { missionId: number }) => i.missionId).sort()).toEqual([app.w.m.nord.id, app.w.m.rheinAssigned.id].sort());
  });
});

describe('blur, check, finish', () => {
  it('saves the regions as a new version, refuses a stale one (409) and a bad body (400)', async () => {
    const before = await (await getRegions('operator', assigned)).json();
    const plate = { id: crypto.randomUUID(), shape: 'rectangle', kind: 'plate', x: 200, y: 250, width: 80, height: 20 };
    const saved = await putRegions('operator', assigned, { version: before.version, regions: [...before.regions, plate] });
    expect(saved.status).toBe(200);
    const body = await saved.json();
    expect(body.version).toBe(before.version + 1);
    expect(body.regions.find((r: Region) => r.id === plate.id)).toMatchObject({ source: 'manual', confidence: null, createdBy: app.ids.operator });
    expect(body.regions.filter((r: Region) => r.source === 'detector')).toHaveLength(2);

    const stale = await putRegions('operator', assigned, { version: before.version, regions: [] });
    expect(stale.status).toBe(409);
    expect((await stale.json()).error.code).toBe('version_conflict');
    const bad = await putRegions('operator', assigned, { version: body.version, regions: [{ ...plate, shape: 'star' }] });
    expect(bad.status).toBe(400);
  });

  it('refuses approve and finish to the person who blurred, with the rule as the message', async () => {
    const approved = await approve('operator', assigned);
    expect(approved.status).toBe(403);
    expect((await approved.json()).error.message).toBe(FOUR_EYES);
    const finished = await finish('operator', app.w.m.rheinAssigned.id);
    expect(finished.status).toBe(403);
    expect((await finished.json()).error).toMatchObject({ code: 'not_authorized', message: FOUR_EYES });
  });

  it('lets a second person approve and finish; a later edit re-opens the check', async () => {
    const missionId = app.w.m.rheinAssigned.id;
    expect((await finish('advanced', missionId)).status).toBe(409);
    const approved = await approve('advanced', assigned);
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ approvedBy: app.ids.advanced, approvedByName: expect.any(String) });
    const finished = await finish('advanced', missionId);
    expect(finished.status).toBe(200);
    expect(await finished.json()).toMatchObject({ finished: true, finishedBy: app.ids.advanced, blurredBy: app.ids.operator });

    const now = await (await getRegions('operator', assigned)).json();
    expect((await putRegions('operator', assigned, { version: now.version, regions: now.regions.slice(1) })).status).toBe(200);
    const list = await (await images('operator', missionId)).json();
    expect(list.blurring).toMatchObject({ finished: false, blurredBy: app.ids.operator });
    expect(list.items[0]).toMatchObject({ approvedBy: null, regionCount: 2 });
  });

  it('exports the privacy record as CSV: detector, version, each region origin, who edited and approved', async () => {
    const res = await callAs(routes.record.GET, 'advanced', 'GET', `/api/v2/missions/${app.w.m.rheinAssigned.id}/blurring/record`, { params: { id: String(app.w.m.rheinAssigned.id) } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await res.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toContain('Detector version');
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.includes('Detector') && l.includes('face-api ssd-mobilenet-v1'))).toBe(true);
    expect(lines.some((l) => l.includes('Drawn by hand') && l.includes('Number plate'))).toBe(true);
    const customer = await callAs(routes.record.GET, 'customer2', 'GET', `/api/v2/missions/${app.w.m.nord.id}/blurring/record`, { params: { id: String(app.w.m.nord.id) } });
    expect(customer.status).toBe(403);
  });
});

describe('the privacy record as PDF', () => {
  const pdfText = async (role: Role, missionId: number, language: string) => {
    const res = await callAs(routes.record.GET, role, 'GET', `/api/v2/missions/${missionId}/blurring/record?format=pdf`, { params: { id: String(missionId) }, headers: { 'accept-language': language } });
    return { res, text: res.status === 200 ? Buffer.from(await res.arrayBuffer()).toString('latin1') : '' };
  };
  // The PDF writer's text strings: `(…) Tj`, WinAnsi with octal escapes for bytes above 0x7e.
  const strings = (pdf: string) => [...pdf.matchAll(/\((.*?)\) Tj/g)].map(([, s]) => s!.replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(parseInt(o, 8))).replace(/\\([()\\])/g, '$1'));

  it("says per image the detector and version, who edited and approved, and each region's origin, in the reader's language", async () => {
    const missionId = app.w.m.rheinAssigned.id;
    const { res, text } = await pdfText('advanced', missionId, 'en');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="privacy-record-mission-${missionId}.pdf"`);
    expect(text.startsWith('%PDF-')).toBe(true);
    const lines = strings(text);
    expect(lines).toContain('Privacy record');
    expect(lines).toContain(`${app.w.m.rheinAssigned.name} (#${missionId})`);
    expect(lines.some((l) => l.startsWith('face-api ssd-mobilenet-v1 1.7.15'))).toBe(true);
    expect(lines).toEqual(expect.arrayContaining(['Detector:', 'Approved by:', 'Origin', 'Confidence', 'Detector', 'Drawn by hand', 'Number plate', 'Face']));
    const csv = (await (await callAs(routes.record.GET, 'advanced', 'GET', `/api/v2/missions/${missionId}/blurring/record`, { params: { id: String(missionId) } })).text()).trim().split('\r\n');
    // As many region rows as the CSV has.
    expect(lines.filter((l) => l === 'Detector' || l === 'Drawn by hand')).toHaveLength(csv.length - 1);

    const german = strings((await pdfText('advanced', missionId, 'de')).text);
    expect(german).toContain('Datenschutzprotokoll');
    expect(german).toEqual(expect.arrayContaining(['Herkunft', 'Von Hand gezeichnet', 'Kennzeichen']));
    // Spec §9's dates: a long month and a 24-hour clock (Intl's medium style wrote "Nov 27, 2026, 9:26 PM").
    expect(lines[lines.indexOf('Created:') + 1]).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{2}:\d{2}$/);
    expect(german[german.indexOf('Erstellt:') + 1]).toMatch(/^\d{1,2}\. [A-ZÄÖÜ][a-zäöü]+ \d{4} um \d{2}:\d{2}$/);
  });

  it('is refused like the CSV to whoever may not read the mission', async () => {
    expect((await pdfText('customer2', app.w.m.nord.id, 'en')).res.status).toBe(403);
    const bad = await callAs(routes.record.GET, 'advanced', 'GET', `/api/v2/missions/${app.w.m.nord.id}/blurring/record?format=docx`, { params: { id: String(app.w.m.nord.id) } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: expect.any(String) } });
  });
});

describe('a failed search for faces', () => {
  it('runs again on request (queued, a new job, audited), only while it is failed, and only for a reviewer of the mission', async () => {
    const detect = await import('@/app/api/v2/blurring/images/[id]/detect/route');
    const retry = (role: Role, id: number) => callAs(detect.POST, role, 'POST', `/api/v2/blurring/images/${id}/detect`, { params: { id: String(id) } });
    expect((await retry('admin', assigned)).status).toBe(409);
    await app.t.pool.query("update mission_image set detection = 'failed', detection_error = 'the worker stopped' where id = $1", [assigned]);
    expect((await retry('customer2', assigned)).status).toBe(403);
    expect((await retry('customer', assigned)).status).toBe(403);
    const jobs = async () => Number((await app.t.pool.query<{ n: string }>("select count(*) as n from job where type = 'blurring.detect' and input->>'imageId' = $1 and state = 'queued'", [String(assigned)])).rows[0]!.n);
    const queuedBefore = await jobs();
    const res = await retry('operator', assigned);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: assigned, detection: 'queued' });
    expect(await imageRow(app, assigned)).toMatchObject({ detection: 'queued', detectionError: null });
    expect(await jobs()).toBe(queuedBefore + 1);
    expect((await app.t.pool.query("select action from audit_event where entity = 'mission_image' and entity_id = $1 order by id desc limit 1", [String(assigned)])).rows[0]).toEqual({ action: 'redetect' });
    expect((await retry('operator', assigned)).status).toBe(409);
    await runDetection(app, assigned);
    expect((await imageRow(app, assigned)).detection).toBe('done');
  });
});
