import 'server-only';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DatasetDto } from '@/lib/shared/schemas/dataset';
import { builtOnce } from '../db/built-once';
import type { Db } from '../db/client';
import { conversion, dataset } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { toDatasetDto, type ConversionRow, type DatasetRow } from './dataset-dto';

/** The latest conversion of each of the datasets' own clouds (one query). */
export async function latestConversions(ctx: Pick<DomainContext, 'db'>, datasetIds: number[]): Promise<Map<number, ConversionRow>> {
  if (datasetIds.length === 0) return new Map();
  const rows = await ctx.db
    .selectDistinctOn([conversion.datasetId])
    .from(conversion)
    .where(and(inArray(conversion.datasetId, datasetIds), isNotNull(conversion.datasetId)))
    .orderBy(conversion.datasetId, desc(conversion.createdAt), desc(conversion.id));
  return new Map(rows.map((r) => [r.datasetId!, r]));
}

/** Dataset rows as DTOs, each with its latest conversion. */
export async function withConversions(ctx: Pick<DomainContext, 'db' | 'clock'>, rows: DatasetRow[]): Promise<DatasetDto[]> {
  const latest = await latestConversions(ctx, rows.map((r) => r.id));
  const now = ctx.clock.now();
  return rows.map((r) => toDatasetDto(r, latest.get(r.id) ?? null, now));
}

/** A mission's datasets, oldest first (every detail page shows them: built-once.ts). */
const datasetsOf = builtOnce((db: Db) => db.select().from(dataset).where(eq(dataset.missionId, sql.placeholder('missionId'))).orderBy(dataset.createdAt, dataset.id));

/** A mission's datasets as DTOs, oldest first. */
export async function selectMissionDatasets(ctx: Pick<DomainContext, 'db' | 'clock'>, missionId: number): Promise<DatasetDto[]> {
  return withConversions(ctx, await datasetsOf(ctx.db).execute({ missionId }));
}

/** Bumps the row's version and updated_at with the change (every dataset write goes through it). */
export const touched = { updatedAt: sql`now()`, version: sql`${dataset.version} + 1` };

export const byId = (id: number) => eq(dataset.id, id);
