import 'server-only';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { dataset } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { AppError } from '../errors';

/** metadata.json of a Potree 2.0 cloud is a few kilobytes; anything near this is not ours. */
const METADATA_MAX_BYTES = 1024 * 1024;
const CONVERTED = ['available', 'checked'] as const;

const noCloud = () => new AppError('conflict', 'The mission has no converted point cloud to draw on', undefined, 'panelizer.errors.noPointcloud');

/**
 * The dataset a new project draws on: the one asked for, else the mission's latest converted one
 * (its own Potree cloud under `cloudPrefix`). 409 when the mission has none.
 */
export async function projectDataset(ctx: DomainContext, missionId: number, datasetId?: number): Promise<{ id: number; cloudPrefix: string }> {
  const [row] = await ctx.db
    .select({ id: dataset.id, cloudPrefix: dataset.cloudPrefix })
    .from(dataset)
    .where(and(eq(dataset.missionId, missionId), inArray(dataset.status, [...CONVERTED]), isNotNull(dataset.cloudPrefix), datasetId === undefined ? undefined : eq(dataset.id, datasetId)))
    .orderBy(desc(dataset.id))
    .limit(1);
  if (!row) throw noCloud();
  return { id: row.id, cloudPrefix: row.cloudPrefix! };
}

/** The cloud's lower corner (metadata.json `boundingBox.min`): a new project's local origin. */
export async function cloudLowerCorner(ctx: DomainContext, cloudPrefix: string): Promise<[number, number, number]> {
  const { body, size } = await ctx.storage.get(`${cloudPrefix}metadata.json`).catch(() => {
    throw noCloud();
  });
  if (size > METADATA_MAX_BYTES) {
    body.destroy();
    throw noCloud();
  }
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  try {
    const min = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { boundingBox?: { min?: unknown } }).boundingBox?.min;
    if (Array.isArray(min) && min.length === 3 && min.every((v) => typeof v === 'number' && Number.isFinite(v))) return min as [number, number, number];
  } catch {
    // Not JSON: not a cloud we can draw on.
  }
  throw noCloud();
}
