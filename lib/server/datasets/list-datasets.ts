import 'server-only';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DatasetDto, datasetListQuery, PipelineItemDto } from '@/lib/shared/schemas/dataset';
import { requirePermission } from '../auth/require-permission';
import { dataset, mission } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { missionVisibleTo, requireMission } from '../missions/visibility';
import { selectMissionDatasets, withConversions } from './dataset-reads';

/** spec §2 mission detail "scans": the mission's datasets, oldest first. */
export async function listMissionDatasets(ctx: DomainContext, { missionId }: { missionId: number }): Promise<DatasetDto[]> {
  await requireMission(ctx, missionId, 'read');
  return selectMissionDatasets(ctx, missionId);
}

/** Statuses of a dataset someone or something is working on: what the pipeline shows by default. */
export const ACTIVE_STATUSES = ['uploading', 'imported', 'processing', 'processed', 'slamed', 'superframe_ready', 'corrected', 'error'] as const;

/**
 * spec §2 /pipeline (permission pipeline): datasets across the missions the user may see, the most
 * recently active first, with their mission's name and hold flag.
 */
export async function listPipeline(ctx: DomainContext, query: z.output<typeof datasetListQuery>): Promise<PipelineItemDto[]> {
  await requirePermission(ctx.actor, 'UI.menu.pipeline');
  const conditions: (SQL | undefined)[] = [missionVisibleTo(ctx.actor)];
  if (query.status?.length) conditions.push(inArray(dataset.status, query.status));
  else if (query.active) conditions.push(inArray(dataset.status, [...ACTIVE_STATUSES]));
  if (query.type?.length) conditions.push(inArray(dataset.type, query.type));
  if (query.missionId) conditions.push(eq(dataset.missionId, query.missionId));
  const rows = await ctx.db
    .select({ dataset, missionName: mission.name, missionOnHold: mission.onHold })
    .from(dataset)
    .innerJoin(mission, eq(mission.id, dataset.missionId))
    .where(and(...conditions))
    .orderBy(desc(dataset.updatedAt), desc(dataset.id))
    .limit(query.limit);
  const dtos = await withConversions(ctx, rows.map((r) => r.dataset));
  return dtos.map((d, i) => ({ ...d, missionName: rows[i]!.missionName, missionOnHold: rows[i]!.missionOnHold }));
}
