import 'server-only';
import { lengthUnitOf } from '@/lib/shared/viewer/units';
import { missionPointcloudKey } from '../datasets/mission-pointcloud';
import type { DomainContext } from '../domain/context';
import { AppError } from '../errors';
import type { MeasurementExportFormat } from '@/lib/shared/schemas/measurement';
import { measurementsFile } from './export';
import type { ExportCrs } from './export/items';
import { listMeasurements } from './list-measurements';

/** metadata.json of a Potree 2.0 cloud is a few kilobytes; anything near this is not ours. */
const METADATA_MAX_BYTES = 1024 * 1024;

/**
 * The coordinate system the items' points are in: the mission's online cloud's metadata.json
 * (`crs.epsg`, `crs.units`, written by the converter). Without a cloud the points were typed in
 * metres and no EPSG code is known.
 */
export async function cloudCrs(ctx: DomainContext, missionId: number): Promise<ExportCrs> {
  let key: string;
  try {
    key = await missionPointcloudKey(ctx, { missionId, file: 'metadata.json' });
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return { epsg: null, units: 'm' };
    throw err;
  }
  const { body, size } = await ctx.storage.get(key);
  if (size > METADATA_MAX_BYTES) {
    body.destroy();
    return { epsg: null, units: 'm' };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  let metadata: { crs?: { epsg?: unknown } | null };
  try {
    metadata = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof metadata;
  } catch {
    // The cloud was served and read by the viewer; a file we cannot read names no CRS.
    return { epsg: null, units: 'm' };
  }
  const epsg = metadata.crs?.epsg;
  return { epsg: typeof epsg === 'number' && Number.isInteger(epsg) && epsg > 0 ? epsg : null, units: lengthUnitOf(metadata) };
}

/** The mission's viewer items as a CSV, GeoJSON or DXF file in the cloud's CRS; for everyone who sees the mission. */
export async function exportMeasurements(ctx: DomainContext, { missionId, format }: { missionId: number; format: MeasurementExportFormat }) {
  const items = await listMeasurements(ctx, { missionId });
  const crs = await cloudCrs(ctx, missionId);
  return { ...measurementsFile(format, items, crs), filename: `mission-${missionId}-measurements.${format}` };
}
