import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { registerImage } from '@/lib/server/blurring/register-image';
import { measurement, missionFile, renderedSlice, tour, tourImage, tourPanorama } from '@/lib/server/db/schema';
import { inTransaction } from '@/lib/server/domain/context';
import { createMeasurement } from '@/lib/server/measurements/create-measurement';
import { deleteMeasurement } from '@/lib/server/measurements/delete-measurement';
import { updateMeasurement } from '@/lib/server/measurements/update-measurement';
import { createRenderedSlice } from '@/lib/server/rendered-slices/create-rendered-slice';
import { deleteRenderedSlice } from '@/lib/server/rendered-slices/delete-rendered-slice';
import type { Storage } from '@/lib/server/storage/types';
import { createTour } from '@/lib/server/tours/create-tour';
import { tourPrefix } from '@/lib/server/tours/generate-job';
import { outcome, type TestDb, type World } from '../missions/fixtures';
import { keysUnder, readAll } from '../storage/helpers';
import { sha, startBackupWorld, type BackupWorld } from './backup-world';

/*
 * Backup format 2 (docs/adr/0006-mission-backup.md): the 3D viewer's saved items, its rendered
 * slices (row + PNG) and the mission's tours (rows + generated files under missions/{id}/tours/)
 * travel in the archive and come back with a restore, with their ids, files byte-identical.
 */

let t: TestDb;
let w: World;
let store: Storage;
let world: BackupWorld;

beforeAll(async () => {
  world = await startBackupWorld('backup-viewer');
  ({ t, w, store } = world);
});

afterAll(() => world?.close());

const backupNow = (missionId: number) => world.backupNow(missionId);

const restore = (missionId: number, archive: Buffer) => world.restore(missionId, archive);

/** The rows and files a restore must bring back (timestamps and versions included: they are restored as archived). */
async function content(missionId: number) {
  const files: Record<string, string> = {};
  for (const key of await keysUnder(store, `missions/${missionId}/`)) files[key] = sha(await readAll((await store.get(key)).body));
  const tours = await t.db.select().from(tour).where(eq(tour.missionId, missionId)).orderBy(asc(tour.id));
  return {
    measurements: await t.db.select().from(measurement).where(eq(measurement.missionId, missionId)).orderBy(asc(measurement.id)),
    renderedSlices: await t.db.select().from(renderedSlice).where(eq(renderedSlice.missionId, missionId)).orderBy(asc(renderedSlice.id)),
    tours,
    tourImages: tours.length ? await t.db.select().from(tourImage).where(eq(tourImage.tourId, tours[0]!.id)).orderBy(asc(tourImage.id)) : [],
    tourPanoramas: await t.db.select().from(tourPanorama).where(eq(tourPanorama.missionId, missionId)),
    files,
  };
}

describe('a backup carries the viewer items, rendered slices and tours', () => {
  let missionId: number;
  let before: Awaited<ReturnType<typeof content>>;
  let archive: Buffer;
  let sliceId: number;
  let distanceId: number;

  it('backs them up and brings them back after they were deleted, files byte-identical', async () => {
    missionId = w.m.nord.id;
    const admin = w.ctx('admin');
    const distance = await createMeasurement(admin, { missionId, kind: 'distance', name: 'Traufe Nord', visible: true, points: [[691000.5, 5334000.25, 520], [691012.5, 5334005.25, 520]], data: {} });
    distanceId = distance.id;
    const slice = await createMeasurement(admin, {
      missionId,
      kind: 'slice',
      name: 'Schnitt A',
      visible: true,
      points: [],
      data: { centre: [691005, 5334002, 521], size: [20, 0.2, 12], rotation: 0.5, width: 0.2, axis: 'vertical' },
    });
    sliceId = slice.id;
    const png = new Uint8Array(await sharp({ create: { width: 40, height: 24, channels: 3, background: { r: 255, g: 255, b: 255 } } }).png().toBuffer());
    const picture = await createRenderedSlice(admin, { missionId, name: 'Schnitt A 1:50', scale: 50, dpi: 150, sliceId, contentType: 'image/png', bytes: png });
    // A generated tour: its output under missions/{id}/tours/{tourId}/ and a panorama's settings.
    const created = await createTour(admin, { missionId, name: 'Rundgang EG' });
    const prefix = `${tourPrefix(missionId, created.id)}g-1/`;
    await store.put(`${prefix}1/0_0_0.jpg`, Buffer.from('tile bytes'), { contentType: 'image/jpeg' });
    await t.db.update(tour).set({ outputPrefix: prefix, manifest: { tileSize: 512, nodes: [], floors: [0] }, generatedAt: new Date('2026-11-01T10:00:00Z') }).where(eq(tour.id, created.id));
    await t.db.insert(tourImage).values({ tourId: created.id, name: 'Eingang', storageKey: `${prefix}1/0_0_0.jpg`, position: 0 });
    const imageId = await panorama(missionId);
    await t.db.insert(tourPanorama).values({ imageId, missionId, name: 'Flur', sortOrder: 1, floor: 0, x: 2.5, y: 4, heading: 90 });
    before = await content(missionId);
    expect(before.measurements).toHaveLength(2);
    expect(before.renderedSlices).toEqual([expect.objectContaining({ id: picture.id, measurementId: sliceId })]);
    expect(before.tourPanoramas).toHaveLength(1);

    archive = await backupNow(missionId);

    await deleteRenderedSlice(admin, { missionId, id: picture.id });
    await deleteMeasurement(admin, { id: distanceId, version: distance.version });
    await deleteMeasurement(admin, { id: sliceId, version: slice.version });
    await t.db.delete(tour).where(eq(tour.missionId, missionId));
    await t.db.delete(tourPanorama).where(eq(tourPanorama.missionId, missionId));
    await store.deletePrefix(tourPrefix(missionId, created.id));
    const gone = await content(missionId);
    expect(gone).toMatchObject({ measurements: [], renderedSlices: [], tours: [], tourPanoramas: [] });
    expect(Object.keys(gone.files).filter((k) => k.includes('/rendered-slices/') || k.includes('/tours/'))).toEqual([]);

    const result = await restore(missionId, archive);
    expect(result.restored).toMatchObject({ measurements: 2, renderedSlices: 1, tours: 1 });
    expect(await content(missionId)).toEqual(before);
  });

  it('moves the versions of items edited since the backup past both, so an open edit is stale', async () => {
    const edited = await updateMeasurement(w.ctx('admin'), { id: distanceId, version: before.measurements[0]!.version, name: 'Traufe umbenannt' });
    await restore(missionId, archive);
    const [row] = await t.db.select().from(measurement).where(eq(measurement.id, distanceId));
    expect(row).toMatchObject({ name: 'Traufe Nord', version: edited.version + 1 });
    expect(await outcome(() => updateMeasurement(w.ctx('admin'), { id: distanceId, version: edited.version, name: 'Zu spät' }))).toBe('version_conflict');
    // New items get ids past the restored ones.
    const next = await createMeasurement(w.ctx('admin'), { missionId, kind: 'height', name: 'Höhe', visible: true, points: [[0, 0, 0], [0, 0, 3]], data: {} });
    expect(next.id).toBeGreaterThan(Math.max(...before.measurements.map((m) => m.id)));
  });
});

/** A registered panorama of the mission (what tour_panorama settings hang on). */
async function panorama(missionId: number): Promise<number> {
  const bytes = await sharp({ create: { width: 64, height: 32, channels: 3, background: { r: 90, g: 120, b: 200 } } }).jpeg().toBuffer();
  const key = `missions/${missionId}/uploads/pano/pano.jpg`;
  const stored = await store.put(key, bytes, { contentType: 'image/jpeg' });
  return inTransaction(t.system, async (tx) => {
    const [file] = await tx.db
      .insert(missionFile)
      .values({ missionId, kind: 'tour-image', filename: 'pano.jpg', storageKey: key, sizeBytes: stored.size, sha256: sha(bytes), contentType: 'image/jpeg', uploadedBy: w.ids.operator })
      .returning({ id: missionFile.id });
    return registerImage(tx, { missionId, missionFileId: file!.id, purpose: 'tour-image', filename: 'pano.jpg', uploadedBy: w.ids.operator });
  });
}
