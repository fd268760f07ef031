import 'server-only';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { missionBlurring, missionFile, missionImage, panelizerExport, panelizerProject } from '../../db/schema';
import type { DomainContext, Tx } from '../../domain/context';
import type { BackupRecords } from './records';

export interface RestoredReview {
  images: number;
  panelizerProjects: number;
  panelizerExports: number;
}

/** An id that exists now moves past both versions (an open edit of it is stale: 409); a gone one keeps the archived. */
const past = (archived: number, now: number | undefined) => (now === undefined ? archived : Math.max(now, archived) + 1);

/**
 * Replaces the mission's uploaded-file rows, images (regions, approvals), blurring state and
 * panelizer projects and exports with the archive's, original ids kept, inside the restore's
 * transaction. Runs before the tours' part (restore-content.ts), whose panorama settings hang on
 * the images. A version-1 or -2 archive has none of these sets: the tables are left alone (null).
 */
export async function replaceReview(tx: DomainContext & { db: Tx }, missionId: number, records: BackupRecords): Promise<RestoredReview | null> {
  const { missionFiles, missionImages, missionBlurring: blurring, panelizerProjects, panelizerExports } = records;
  if (!missionFiles || !missionImages || !blurring || !panelizerProjects || !panelizerExports) return null;
  const db = tx.db;
  const images = new Map((await db.select({ id: missionImage.id, version: missionImage.version, regionsVersion: missionImage.regionsVersion }).from(missionImage).where(eq(missionImage.missionId, missionId))).map((r) => [r.id, r]));
  const projects = new Map((await db.select({ id: panelizerProject.id, version: panelizerProject.version }).from(panelizerProject).where(eq(panelizerProject.missionId, missionId))).map((r) => [r.id, r.version]));
  const [state] = await db.select({ version: missionBlurring.version }).from(missionBlurring).where(eq(missionBlurring.missionId, missionId));

  // Exports go with their project; images with their file (cascades), the blurring state on its own.
  await db.delete(panelizerProject).where(eq(panelizerProject.missionId, missionId));
  await db.delete(missionBlurring).where(eq(missionBlurring.missionId, missionId));
  await db.delete(missionFile).where(eq(missionFile.missionId, missionId));

  if (missionFiles.length) await db.insert(missionFile).overridingSystemValue().values(missionFiles);
  if (missionImages.length) {
    // The editor's save is guarded by regionsVersion: it moves past too, so a save begun before the restore is stale.
    await db.insert(missionImage).overridingSystemValue().values(
      missionImages.map((i) => ({ ...i, version: past(i.version, images.get(i.id)?.version), regionsVersion: past(i.regionsVersion, images.get(i.id)?.regionsVersion) })),
    );
  }
  if (blurring.length) await db.insert(missionBlurring).values(blurring.map((b) => ({ ...b, version: past(b.version, state?.version) })));
  // A project names its published export, an export its project: projects first without it, then set.
  if (panelizerProjects.length) await db.insert(panelizerProject).values(panelizerProjects.map((p) => ({ ...p, publishedExportId: null, version: past(p.version, projects.get(p.id)) })));
  if (panelizerExports.length) await db.insert(panelizerExport).values(panelizerExports);
  for (const p of panelizerProjects) {
    if (p.publishedExportId) await db.update(panelizerProject).set({ publishedExportId: p.publishedExportId }).where(eq(panelizerProject.id, p.id));
  }
  return { images: missionImages.length, panelizerProjects: panelizerProjects.length, panelizerExports: panelizerExports.length };
}

type DatasetLinks = { files: { id: number; datasetId: number }[]; projects: { id: string; datasetId: number }[] };

/**
 * Which of the mission's file rows and panelizer projects point at which dataset, read before
 * the restore replaces the datasets: deleting a dataset sets those links to null, and an archive
 * without these sets (format 1 or 2) leaves the rows themselves in place.
 */
export async function datasetLinks(tx: DomainContext & { db: Tx }, missionId: number): Promise<DatasetLinks> {
  const files = await tx.db.select({ id: missionFile.id, datasetId: missionFile.datasetId }).from(missionFile).where(and(eq(missionFile.missionId, missionId), isNotNull(missionFile.datasetId)));
  const projects = await tx.db.select({ id: panelizerProject.id, datasetId: panelizerProject.datasetId }).from(panelizerProject).where(and(eq(panelizerProject.missionId, missionId), isNotNull(panelizerProject.datasetId)));
  return { files: files as DatasetLinks['files'], projects: projects as DatasetLinks['projects'] };
}

/** Puts the links back for the datasets the archive brought back (a dataset it lacks stays unlinked). */
export async function relinkDatasets(tx: DomainContext & { db: Tx }, links: DatasetLinks, restoredDatasetIds: ReadonlySet<number>): Promise<void> {
  for (const datasetId of restoredDatasetIds) {
    const files = links.files.filter((f) => f.datasetId === datasetId).map((f) => f.id);
    const projects = links.projects.filter((p) => p.datasetId === datasetId).map((p) => p.id);
    if (files.length) await tx.db.update(missionFile).set({ datasetId }).where(inArray(missionFile.id, files));
    if (projects.length) await tx.db.update(panelizerProject).set({ datasetId }).where(inArray(panelizerProject.id, projects));
  }
}

/** The tables with identity ids this part inserts into (their sequences must move past them). */
export const REVIEW_TABLES = ['mission_file', 'mission_image'] as const;
