import 'server-only';
import { randomUUID } from 'node:crypto';
import { conversion } from '../db/schema';
import type { ConversionRow } from '../datasets/dataset-dto';
import type { DomainContext } from '../domain/context';
import { joinKey } from '../storage/keys';
import { conversionCountJob } from './conversion-jobs';

export interface ConversionRequest {
  missionId: number;
  /** The dataset whose own cloud this is; null for the mission's online point cloud. */
  datasetId: number | null;
  /** Storage keys of the raw scans to convert (merged into one cloud). */
  inputs: string[];
  sourceDatasetIds: number[];
}

/**
 * Records a conversion and queues its first stage, in the caller's transaction. Each conversion
 * writes to prefixes of its own, so a rebuild never touches the cloud being served.
 */
export async function startConversion(ctx: DomainContext, request: ConversionRequest): Promise<ConversionRow> {
  const run = randomUUID();
  const outputPrefix =
    request.datasetId === null
      ? `${joinKey('missions', request.missionId, 'pointcloud', run)}/`
      : `${joinKey('missions', request.missionId, 'datasets', request.datasetId, 'pointcloud', run)}/`;
  const requestedBy = ctx.actor.kind === 'user' ? ctx.actor.identityId : null;
  const [row] = await ctx.db
    .insert(conversion)
    .values({ ...request, workPrefix: `${joinKey('conversions', run, 'work')}/`, outputPrefix, requestedBy })
    .returning();
  await ctx.jobs.enqueue(ctx.db, conversionCountJob, { conversionId: row!.id }, { missionId: request.missionId, createdBy: requestedBy ?? undefined });
  return row!;
}
