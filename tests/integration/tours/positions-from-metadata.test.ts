import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { mission } from '@/lib/server/db/schema';
import { metresPerDegree } from '@/lib/shared/geo/local';
import type { TourImageDto } from '@/lib/shared/schemas/tour';
import { runDetection } from '../blurring/blurring-world';
import { callAs, openAppWorld, type AppWorld } from '../mission-files/app-world';
import { uploadPanorama } from './tour-world';

/*
 * Issue 17 "Segmentation": a panorama's heading (GPano XMP) and position (EXIF GPS) are read at
 * intake, and the tour images offer them, the position as metres east and north of the mission's
 * location (its geo reference), so segmentation can pre-fill them. Real PostgreSQL and storage.
 */

let app: AppWorld;
let route: typeof import('@/app/api/v2/missions/[id]/tour-images/route');
beforeAll(async () => {
  app = await openAppWorld('tour-positions');
  route = await import('@/app/api/v2/missions/[id]/tour-images/route');
}, 120_000);
afterAll(() => app?.close());

const ORIGIN = { latitude: 50.7374, longitude: 7.0982 };
const dms = (deg: number) => {
  const d = Math.floor(deg);
  const m = Math.floor((deg - d) * 60);
  const s = Math.round(((deg - d) * 60 - m) * 60 * 10_000);
  return `${d}/1 ${m}/1 ${s}/10000`;
};

/** A 2:1 panorama whose file says where it was taken: GPS `east`/`north` metres from the origin, heading. */
async function placedPanorama(east: number, north: number, heading: number): Promise<Buffer> {
  const m = metresPerDegree(ORIGIN.latitude);
  const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:GPano="http://ns.google.com/photos/1.0/panorama/" GPano:ProjectionType="equirectangular" GPano:PoseHeadingDegrees="${heading}"/></rdf:RDF></x:xmpmeta>`;
  return sharp({ create: { width: 2048, height: 1024, channels: 3, background: { r: 90, g: 120, b: 150 } } })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: dms(ORIGIN.latitude + north / m.lat), GPSLongitudeRef: 'E', GPSLongitude: dms(ORIGIN.longitude + east / m.lon) } })
    .withXmp(xmp)
    .jpeg()
    .toBuffer();
}

async function imagesOf(missionId: number): Promise<TourImageDto[]> {
  const res = await callAs(route.GET, 'operator', 'GET', `/api/v2/missions/${missionId}/tour-images`, { params: { id: String(missionId) } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: TourImageDto[] }).items;
}

it("offers the file's heading and, on a mission with a location, its GPS position in metres on the plan", async () => {
  const missionId = app.w.m.rheinAssigned.id;
  await app.t.db.update(mission).set({ latitude: ORIGIN.latitude, longitude: ORIGIN.longitude }).where(eq(mission.id, missionId));
  const imageId = await uploadPanorama(app, missionId, 'treppenhaus', await placedPanorama(12, -7.5, 135));
  const plain = await uploadPanorama(app, missionId, 'ohne-angaben', await sharp({ create: { width: 2048, height: 1024, channels: 3, background: '#444' } }).jpeg().toBuffer());
  // Nothing is known before the intake read the file.
  expect((await imagesOf(missionId)).find((i) => i.imageId === imageId)!.fromMetadata).toBeNull();
  await runDetection(app, imageId);
  await runDetection(app, plain);

  const images = await imagesOf(missionId);
  const read = images.find((i) => i.imageId === imageId)!;
  expect(read.fromMetadata).toEqual({ heading: 135, x: expect.any(Number), y: expect.any(Number) });
  // EXIF keeps 1/10000 of an arc second: a few millimetres.
  expect(read.fromMetadata!.x).toBeCloseTo(12, 1);
  expect(read.fromMetadata!.y).toBeCloseTo(-7.5, 1);
  // Offered, not stored: the image stays unplaced until someone saves its place.
  expect(read).toMatchObject({ x: null, y: null, heading: 0, floor: null });
  expect(images.find((i) => i.imageId === plain)!.fromMetadata).toBeNull();

  // Without a geo reference the position means nothing on the plan; the heading still does.
  await app.t.db.update(mission).set({ latitude: null, longitude: null }).where(eq(mission.id, missionId));
  expect((await imagesOf(missionId)).find((i) => i.imageId === imageId)!.fromMetadata).toEqual({ heading: 135, x: null, y: null });
}, 60_000);
