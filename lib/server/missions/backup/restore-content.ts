import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { measurement, missionImage, renderedSlice, tour, tourImage, tourPanorama } from '../../db/schema';
import type { DomainContext, Tx } from '../../domain/context';
import type { BackupRecords } from './records';

export interface RestoredContent {
  measurements: number;
  renderedSlices: number;
  tours: number;
}

type Versioned = { id: number; version: number };

/**
 * A row brought back under an id that exists now gets a version past both (an open edit of it is
 * stale: 409); a row that is gone comes back with its archived version.
 */
function versionsPast<T extends Versioned>(rows: T[], current: Map<number, number>): T[] {
  return rows.map((row) => {
    const now = current.get(row.id);
    return now === undefined ? row : { ...row, version: Math.max(now, row.version) + 1 };
  });
}

const versionsOf = async (tx: Tx, table: typeof measurement | typeof tour, missionId: number) =>
  new Map((await tx.select({ id: table.id, version: table.version }).from(table).where(eq(table.missionId, missionId))).map((r) => [r.id, r.version]));

/**
 * Replaces the mission's viewer items, rendered slices and tours with the archive's (inside the
 * restore's transaction, original ids). A version-1 archive has none of these sets: they are left
 * as they are (null). Tour panorama settings come back only for panoramas the mission still has:
 * the images themselves (blurring's mission_image) are not part of the backup's records.
 */
export async function replaceContent(tx: DomainContext & { db: Tx }, missionId: number, records: BackupRecords): Promise<RestoredContent | null> {
  const { measurements, renderedSlices, tours, tourImages, tourPanoramas } = records;
  if (!measurements || !renderedSlices || !tours || !tourImages || !tourPanoramas) return null;
  const db = tx.db;
  const measurementVersions = await versionsOf(db, measurement, missionId);
  const tourVersions = await versionsOf(db, tour, missionId);
  const tourImageVersions = new Map(
    (await db.select({ id: tourImage.id, version: tourImage.version }).from(tourImage).innerJoin(tour, eq(tour.id, tourImage.tourId)).where(eq(tour.missionId, missionId))).map((r) => [r.id, r.version]),
  );

  // Children first (a rendered slice points at its slice; tour images go with their tour).
  await db.delete(renderedSlice).where(eq(renderedSlice.missionId, missionId));
  await db.delete(measurement).where(eq(measurement.missionId, missionId));
  await db.delete(tour).where(eq(tour.missionId, missionId));
  await db.delete(tourPanorama).where(eq(tourPanorama.missionId, missionId));

  if (measurements.length) await db.insert(measurement).overridingSystemValue().values(versionsPast(measurements, measurementVersions));
  if (renderedSlices.length) await db.insert(renderedSlice).overridingSystemValue().values(renderedSlices);
  if (tours.length) await db.insert(tour).overridingSystemValue().values(versionsPast(tours, tourVersions));
  if (tourImages.length) await db.insert(tourImage).overridingSystemValue().values(versionsPast(tourImages, tourImageVersions));
  const imageIds = tourPanoramas.map((p) => p.imageId);
  const present = imageIds.length
    ? new Set((await db.select({ id: missionImage.id }).from(missionImage).where(and(eq(missionImage.missionId, missionId), inArray(missionImage.id, imageIds)))).map((r) => r.id))
    : new Set<number>();
  const panoramas = tourPanoramas.filter((p) => present.has(p.imageId));
  if (panoramas.length) await db.insert(tourPanorama).values(panoramas);
  return { measurements: measurements.length, renderedSlices: renderedSlices.length, tours: tours.length };
}

/** The tables with identity ids the restore inserts into (their sequences must move past them). */
export const CONTENT_TABLES = ['measurement', 'rendered_slice', 'tour', 'tour_image'] as const;
