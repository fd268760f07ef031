import 'server-only';
import { and, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { DatasetDto } from '@/lib/shared/schemas/dataset';
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

/** The datasets matching `where`, oldest first. */
export async function selectDatasets(ctx: Pick<DomainContext, 'db' | 'clock'>, where: SQL | undefined): Promise<DatasetDto[]> {
  const rows = await ctx.db.select().from(dataset).where(where).orderBy(dataset.createdAt, dataset.id);
  return withConversions(ctx, rows);
}

/** Bumps the row's version and updated_at with the change (every dataset write goes through it). */
export const touched = { updatedAt: sql`now()`, version: sql`${dataset.version} + 1` };

export const byId = (id: number) => eq(dataset.id, id);
