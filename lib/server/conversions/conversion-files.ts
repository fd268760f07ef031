import 'server-only';
import { and, eq, isNull, lt, ne, type SQL } from 'drizzle-orm';
import { POINTCLOUD_FILES } from '@/lib/shared/schemas/dataset';
import { conversion } from '../db/schema';
import type { ConversionRow } from '../datasets/dataset-dto';
import type { DomainContext } from '../domain/context';
import { readAll } from '../storage/read-all';
import type { Storage } from '../storage/types';

/** Removes what a failed or cancelled conversion wrote; the raw scans are never under these prefixes. */
export async function removeConversionOutput(storage: Storage, row: Pick<ConversionRow, 'workPrefix' | 'outputPrefix'>): Promise<void> {
  await storage.deletePrefix(row.workPrefix);
  await storage.deletePrefix(row.outputPrefix);
}

/**
 * Reads the written cloud back: the three files exist and metadata.json is Potree 2.0 with the
 * point count the conversion counted. Returns their total size.
 */
export async function verifyCloud(storage: Storage, outputPrefix: string, pointCount: number): Promise<{ sizeBytes: number }> {
  let sizeBytes = 0;
  for (const file of POINTCLOUD_FILES) {
    const info = await storage.head(`${outputPrefix}${file}`);
    if (!info) throw new Error(`the converted cloud lacks ${file}`);
    sizeBytes += info.size;
  }
  const metadata = JSON.parse((await readAll((await storage.get(`${outputPrefix}metadata.json`)).body)).toString('utf8')) as { version?: string; points?: number };
  if (metadata.version !== '2.0') throw new Error(`metadata.json says version ${metadata.version}`);
  if (metadata.points !== pointCount) throw new Error(`metadata.json says ${metadata.points} points, the conversion counted ${pointCount}`);
  return { sizeBytes };
}

/** Older succeeded builds of the same cloud are no longer served: their files go. */
export async function removeSupersededOutputs(ctx: DomainContext, served: ConversionRow): Promise<void> {
  const same: SQL = served.datasetId === null ? isNull(conversion.datasetId) : eq(conversion.datasetId, served.datasetId);
  const older = await ctx.db
    .select()
    .from(conversion)
    .where(and(eq(conversion.missionId, served.missionId), same, eq(conversion.state, 'succeeded'), lt(conversion.id, served.id)));
  for (const row of older) {
    if (await stillReferenced(ctx, row)) continue;
    await ctx.storage.deletePrefix(row.outputPrefix);
  }
}

/**
 * A mission build over a single dataset serves that dataset's cloud itself: such a prefix stays
 * while any other build points at it, and a mission build never deletes a dataset's files.
 */
async function stillReferenced(ctx: DomainContext, row: ConversionRow): Promise<boolean> {
  if (row.datasetId === null && !row.outputPrefix.startsWith(`missions/${row.missionId}/pointcloud/`)) return true;
  const others = await ctx.db
    .select({ id: conversion.id })
    .from(conversion)
    .where(and(eq(conversion.outputPrefix, row.outputPrefix), eq(conversion.state, 'succeeded'), ne(conversion.id, row.id)));
  return others.length > 0;
}
