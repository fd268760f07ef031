import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { company, customer, dataset, mission, missionFile } from '@/lib/server/db/schema';
import { createDatasetFromJson } from '@/lib/server/datasets/create-dataset';
import { datasetImportJob } from '@/lib/server/datasets/import-job';
import { systemContext } from '@/lib/server/domain/contexts';
import { createMissionFromJson } from '@/lib/server/missions/create-mission';
import { writeLas } from '@/lib/server/pointcloud/las/writer';
import { metresPerDegree, type PolygonGeometry } from '@/lib/shared/geo';
import { DEMO_BUILDING_BOUNDS, DEMO_BUILDING_DESCRIPTION, DEMO_BUILDING_ORIGIN, DEMO_BUILDING_POINT_COUNT, generateDemoBuilding } from './demo-building';
import { DEPTH, LENGTH } from './demo-building-surfaces';
import { DEMO_COMPANIES } from './demo-data';

/*
 * The demo mission with real scan data (issue 14 point 7): the procedural building is written as
 * a LAS file into storage and registered as a finished scan upload, so the worker imports and
 * converts it like any upload and a newcomer finds its point cloud without uploading anything.
 */

export const DEMO_SCAN_MISSION_REFERENCE = 'ARG-2026-DEMO';
export const DEMO_SCAN_DATASET_ID = 'ARG-2026-DEMO-S1';
/** Where the building's south-west corner stands (DEMO_BUILDING_ORIGIN in WGS 84). */
const CORNER = { lon: 11.5755, lat: 48.1374 };

function footprint(): PolygonGeometry {
  const m = metresPerDegree(CORNER.lat);
  const [e, n] = [LENGTH / m.lon, DEPTH / m.lat];
  const { lon, lat } = CORNER;
  return { type: 'Polygon', coordinates: [[[lon, lat], [lon + e, lat], [lon + e, lat + n], [lon, lat + n], [lon, lat]]] };
}

/** Seeds the demo scan once: the mission, the LAS file, its dataset and mission file, the import job. */
export async function seedDemoScan(db: Db, identities: Record<string, string>): Promise<{ created: boolean }> {
  const ctx = systemContext(db);
  const [existing] = await db.select({ id: dataset.id }).from(dataset).where(eq(dataset.datasetId, DEMO_SCAN_DATASET_ID));
  if (existing) return { created: false };

  const [found] = await db.select({ id: mission.id }).from(mission).where(eq(mission.internalReference, DEMO_SCAN_MISSION_REFERENCE));
  const missionId =
    found?.id ??
    (await (async () => {
      const [nord] = await db.select({ id: company.id }).from(company).where(sql`lower(${company.name}) = lower(${DEMO_COMPANIES.nord!.name})`);
      const [c6] = await db.select({ id: customer.id }).from(customer).where(eq(customer.customerNumber, 6));
      const created = await createMissionFromJson(ctx, {
        name: 'Bestandsaufnahme Bürohaus Marienplatz',
        companyId: nord!.id,
        customerId: c6!.id,
        internalReference: DEMO_SCAN_MISSION_REFERENCE,
        ownerId: identities['manager@example.com'],
        assigneeId: identities['operator@example.com'],
        products: ['pointcloud', 'cad', 'facade'],
        description: `Demo mission with real scan data: ${DEMO_BUILDING_DESCRIPTION}.`,
        address: 'Marienplatz 1, 80331 München',
        latitude: CORNER.lat,
        longitude: CORNER.lon,
        step: 'pointcloud',
        buildings: [{ name: 'Bürohaus', type: 'building', footprint: footprint(), levels: 4, storeyHeight: 3 }],
      });
      return created.id;
    })());

  const filename = 'buerohaus-marienplatz.las';
  const key = `missions/${missionId}/uploads/demo/${filename}`;
  const las = writeLas(
    { pointFormat: 2, scale: [0.001, 0.001, 0.001], offset: DEMO_BUILDING_ORIGIN, pointCount: DEMO_BUILDING_POINT_COUNT, bounds: DEMO_BUILDING_BOUNDS, wkt: undefined },
    generateDemoBuilding(),
  );
  const stored = await ctx.storage.put(key, Readable.from(las), { contentType: 'application/vnd.las' });

  await db.transaction(async (tx) => {
    const txCtx = systemContext(tx);
    const scan = await createDatasetFromJson(txCtx, { missionId, datasetId: DEMO_SCAN_DATASET_ID, type: 'outdoor', status: 'uploading', progress: 100, storageKey: key, sizeBytes: stored.size });
    await tx.update(dataset).set({ filename }).where(eq(dataset.id, scan.id));
    await tx.insert(missionFile).values({ missionId, kind: 'scan', filename, storageKey: key, sizeBytes: stored.size, sha256: stored.sha256, contentType: 'application/vnd.las', datasetId: scan.id });
    await tx.update(mission).set({ status: 'uploaded' }).where(eq(mission.id, missionId));
    await txCtx.jobs.enqueue(tx, datasetImportJob, { datasetId: scan.id }, { missionId });
  });
  return { created: true };
}
