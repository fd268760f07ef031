import { randomUUID } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import * as tar from 'tar-stream';
import { blurredKeyOf, thumbnailKeyOf } from '@/lib/server/blurring/image-dto';
import { registerImage } from '@/lib/server/blurring/register-image';
import { dataset, missionBlurring, missionFile, missionImage, panelizerExport, panelizerProject } from '@/lib/server/db/schema';
import { inTransaction } from '@/lib/server/domain/context';
import { createPanelizerProject } from '@/lib/server/panelizer/create-project';
import { createPanelizerExport, publishPanelizerExport } from '@/lib/server/panelizer/exports';
import { savePanelizerDocument } from '@/lib/server/panelizer/update-project';
import type { Storage } from '@/lib/server/storage/types';
import type { Region } from '@/lib/shared/schemas/blurring';
import { demoPanelizerDocument } from '@/scripts/seed/demo-panelizer-document';
import { type TestDb, type World } from '../missions/fixtures';
import { keysUnder, readAll } from '../storage/helpers';
import { sha, startBackupWorld, type BackupWorld } from './backup-world';

/*
 * Backup format 3 (docs/adr/0006-mission-backup.md): the blurring review (the mission's uploaded
 * files' rows, its images with their regions and approvals, the mission's blurring state) and the
 * panelizer (projects, numbered exports, the published one) travel in the archive and come back
 * with a restore, ids kept; a format-2 archive still restores and leaves them as they are.
 */

let t: TestDb;
let w: World;
let store: Storage;
let world: BackupWorld;

beforeAll(async () => {
  world = await startBackupWorld('backup-review');
  ({ t, w, store } = world);
});

afterAll(() => world?.close());

const backupNow = (missionId: number) => world.backupNow(missionId);

const restore = (missionId: number, archive: Buffer) => world.restore(missionId, archive);

/** The rows and files a restore must bring back (timestamps and versions included). */
async function review(missionId: number) {
  const files: Record<string, string> = {};
  for (const key of await keysUnder(store, `missions/${missionId}/`)) files[key] = sha(await readAll((await store.get(key)).body));
  return {
    missionFiles: await t.db.select().from(missionFile).where(eq(missionFile.missionId, missionId)).orderBy(asc(missionFile.id)),
    missionImages: await t.db.select().from(missionImage).where(eq(missionImage.missionId, missionId)).orderBy(asc(missionImage.id)),
    missionBlurring: await t.db.select().from(missionBlurring).where(eq(missionBlurring.missionId, missionId)),
    panelizerProjects: await t.db.select().from(panelizerProject).where(eq(panelizerProject.missionId, missionId)),
    panelizerExports: await t.db.select().from(panelizerExport).where(eq(panelizerExport.missionId, missionId)).orderBy(asc(panelizerExport.number)),
    files,
  };
}

/** A photo of the mission, blurred by the operator and approved by the admin, its derivative stored. */
async function blurredPhoto(missionId: number): Promise<number> {
  const bytes = await sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 200, g: 160, b: 120 } } }).jpeg().toBuffer();
  const key = `missions/${missionId}/uploads/hof/hof.jpg`;
  const stored = await store.put(key, bytes, { contentType: 'image/jpeg' });
  const imageId = await inTransaction(t.system, async (tx) => {
    const [file] = await tx.db
      .insert(missionFile)
      .values({ missionId, kind: 'photo', filename: 'hof.jpg', storageKey: key, sizeBytes: stored.size, sha256: sha(bytes), contentType: 'image/jpeg', uploadedBy: w.ids.operator })
      .returning({ id: missionFile.id });
    return registerImage(tx, { missionId, missionFileId: file!.id, purpose: 'photo', filename: 'hof.jpg', uploadedBy: w.ids.operator });
  });
  const image = { missionId, id: imageId };
  await store.put(blurredKeyOf(image, 2), Buffer.from('blurred jpeg'), { contentType: 'image/jpeg' });
  await store.put(thumbnailKeyOf(image, 2), Buffer.from('thumbnail jpeg'), { contentType: 'image/jpeg' });
  const at = new Date('2026-11-02T09:30:00Z');
  const regions: Region[] = [
    { id: randomUUID(), shape: 'ellipse', kind: 'face', x: 10, y: 8, width: 20, height: 24, source: 'detector', confidence: 0.93, adjusted: true, createdBy: null, createdAt: at.toISOString() },
    { id: randomUUID(), shape: 'polygon', kind: 'plate', x: 40, y: 40, width: 30, height: 10, points: [[40, 40], [70, 40], [70, 50], [40, 50]], source: 'manual', confidence: null, adjusted: false, createdBy: w.ids.operator, createdAt: at.toISOString() },
  ];
  await t.db
    .update(missionImage)
    .set({
      width: 80, height: 60, detection: 'done', detector: 'face-api ssd-mobilenet-v1', detectorVersion: '1.7.15 (tfjs 4.22.0, wasm)', detectedAt: at,
      regions, regionsVersion: 2, blurredKey: blurredKeyOf(image, 2), thumbnailKey: thumbnailKeyOf(image, 2), blurredVersion: 2,
      editedBy: w.ids.operator, editedAt: at, approvedBy: w.ids.admin, approvedAt: at, version: 3,
    })
    .where(eq(missionImage.id, imageId));
  // Registering the image opened the mission's blurring; the operator blurred it, the admin finished it.
  const finished = { blurredBy: w.ids.operator, blurredAt: at, finishedBy: w.ids.admin, finishedAt: at };
  await t.db.insert(missionBlurring).values({ missionId, ...finished }).onConflictDoUpdate({ target: missionBlurring.missionId, set: finished });
  return imageId;
}

/** A panelizer project on a converted dataset, with two exports, the second published. */
async function panelizer(missionId: number): Promise<string> {
  const [row] = await t.db
    .insert(dataset)
    .values({ datasetId: `pz-backup-${missionId}`, missionId, status: 'available', progress: 100, storageKey: `missions/${missionId}/scan.las`, cloudPrefix: `missions/${missionId}/datasets/pz/cloud/` })
    .returning({ id: dataset.id });
  const admin = w.ctx('admin');
  const project = await createPanelizerProject(admin, { missionId, name: 'Fassade Süd', datasetId: row!.id, origin: [0, 0, 0] });
  await savePanelizerDocument(admin, { id: project.id, version: project.version, document: demoPanelizerDocument() });
  await createPanelizerExport(admin, { projectId: project.id });
  const second = await createPanelizerExport(admin, { projectId: project.id });
  await publishPanelizerExport(admin, { id: second.id });
  return project.id;
}

/** The archive as a format-2 one: the format-3 sets left out, the manifest saying 2. */
async function asFormat2(archive: Buffer): Promise<Buffer> {
  const extract = tar.extract();
  const entries: { name: string; body: Buffer }[] = [];
  const done = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const c of entry) chunks.push(c as Buffer);
      entries.push({ name: entry.header.name, body: Buffer.concat(chunks) });
    }
  })();
  extract.end(gunzipSync(archive));
  await done;
  const newer = ['records/mission-files.json', 'records/mission-images.json', 'records/mission-blurring.json', 'records/panelizer-projects.json', 'records/panelizer-exports.json'];
  const manifest = JSON.parse(entries[0]!.body.toString()) as { formatVersion: number; entries: { path: string }[] };
  expect(manifest.formatVersion).toBe(3);
  expect(manifest.entries.map((e) => e.path)).toEqual(expect.arrayContaining(newer));
  const older = { ...manifest, formatVersion: 2, entries: manifest.entries.filter((e) => !newer.includes(e.path)) };
  const p = tar.pack();
  p.entry({ name: 'manifest.json' }, Buffer.from(JSON.stringify(older)));
  for (const e of entries.slice(1).filter((e) => !newer.includes(e.name))) p.entry({ name: e.name, size: e.body.length }, e.body);
  p.finalize();
  const chunks: Buffer[] = [];
  for await (const c of p) chunks.push(c as Buffer);
  return gzipSync(Buffer.concat(chunks));
}

describe('a backup carries the blurring review and the panelizer', () => {
  let missionId: number;
  let before: Awaited<ReturnType<typeof review>>;
  let archive: Buffer;
  let imageId: number;
  let projectId: string;

  it('backs them up and brings them back with their ids after they were deleted, files byte-identical', async () => {
    missionId = w.m.nord.id;
    imageId = await blurredPhoto(missionId);
    projectId = await panelizer(missionId);
    before = await review(missionId);
    expect(before.missionImages).toEqual([expect.objectContaining({ id: imageId, regionsVersion: 2, approvedBy: w.ids.admin })]);
    expect(before.panelizerExports.map((e) => e.number)).toEqual([1, 2]);
    expect(before.panelizerProjects[0]!.publishedExportId).toBe(before.panelizerExports[1]!.id);
    expect(before.missionBlurring).toEqual([expect.objectContaining({ blurredBy: w.ids.operator, finishedBy: w.ids.admin })]);

    archive = await backupNow(missionId);

    await t.db.delete(panelizerProject).where(eq(panelizerProject.missionId, missionId));
    await t.db.delete(missionBlurring).where(eq(missionBlurring.missionId, missionId));
    await t.db.delete(missionFile).where(eq(missionFile.missionId, missionId));
    await store.deletePrefix(`missions/${missionId}/images/`);
    const gone = await review(missionId);
    expect(gone).toMatchObject({ missionFiles: [], missionImages: [], missionBlurring: [], panelizerProjects: [], panelizerExports: [] });

    const result = await restore(missionId, archive);
    expect(result.restored).toMatchObject({ images: 1, panelizerProjects: 1 });
    expect(await review(missionId)).toEqual(before);
  });

  it('moves the versions of an image and a project edited since the backup past both, so an open edit is stale', async () => {
    await t.db.update(missionImage).set({ regions: [], regionsVersion: 7, version: 9 }).where(eq(missionImage.id, imageId));
    await t.db.update(panelizerProject).set({ name: 'Umbenannt', version: 5 }).where(eq(panelizerProject.id, projectId));
    await restore(missionId, archive);
    const [image] = await t.db.select().from(missionImage).where(eq(missionImage.id, imageId));
    expect(image).toMatchObject({ regions: before.missionImages[0]!.regions, regionsVersion: 8, version: 10 });
    const [project] = await t.db.select().from(panelizerProject).where(eq(panelizerProject.id, projectId));
    expect(project).toMatchObject({ name: 'Fassade Süd', version: 6, publishedExportId: before.panelizerExports[1]!.id });
    // New files get ids past the restored ones.
    const [next] = await t.db
      .insert(missionFile)
      .values({ missionId, kind: 'photo', filename: 'neu.jpg', storageKey: `missions/${missionId}/uploads/neu/neu.jpg`, sizeBytes: 1, sha256: sha(Buffer.from('x')), contentType: 'image/jpeg' })
      .returning({ id: missionFile.id });
    expect(next!.id).toBeGreaterThan(Math.max(...before.missionFiles.map((f) => f.id)));
  });

  it('still restores a format-2 archive, leaving the images and the panelizer as they are', async () => {
    const now = await review(missionId);
    const result = await restore(missionId, await asFormat2(archive));
    expect(result.restored).toMatchObject({ images: null, panelizerProjects: null });
    expect(await review(missionId)).toEqual(now);
  });
});
