import 'server-only';
import type { ConversionDto, DatasetDto } from '@/lib/shared/schemas/dataset';
import type { conversion, dataset } from '../db/schema';

export type DatasetRow = typeof dataset.$inferSelect;
export type ConversionRow = typeof conversion.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * Seconds left from the progress rate so far: the conversion's elapsed time scaled by what is left.
 * Unknown before a few percent are done (the first stage's rate says little about the rest).
 */
export function secondsLeft(row: ConversionRow, now: Date): number | null {
  if (row.state !== 'running' || !row.startedAt || row.progress < 2 || row.progress >= 100) return null;
  const elapsed = (now.getTime() - row.startedAt.getTime()) / 1000;
  return Math.max(0, Math.round((elapsed * (100 - row.progress)) / row.progress));
}

export function toConversionDto(row: ConversionRow, now = new Date()): ConversionDto {
  return {
    id: row.id,
    state: row.state,
    stage: row.stage,
    progress: row.progress,
    chunksTotal: row.chunksTotal,
    chunksDone: row.chunksDone,
    pointCount: row.pointCount,
    sizeBytes: row.sizeBytes,
    errorKey: row.errorKey,
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    secondsLeft: secondsLeft(row, now),
  };
}

export function toDatasetDto(row: DatasetRow, latest: ConversionRow | null = null, now = new Date()): DatasetDto {
  return {
    id: row.id,
    datasetId: row.datasetId,
    missionId: row.missionId,
    type: row.type,
    status: row.status,
    progress: row.progress,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: iso(row.lastSeenAt),
    storageKey: row.storageKey,
    sizeBytes: row.sizeBytes,
    version: row.version,
    filename: row.filename,
    format: row.format,
    pointFormat: row.pointFormat,
    pointCount: row.pointCount,
    bounds: row.bounds,
    crs: row.crs,
    cloudReady: row.cloudPrefix !== null,
    cloudBytes: row.cloudBytes,
    errorKey: row.errorKey,
    errorDetail: row.errorDetail,
    stalledAt: iso(row.stalledAt),
    checkedAt: iso(row.checkedAt),
    conversion: latest ? toConversionDto(latest, now) : null,
  };
}
