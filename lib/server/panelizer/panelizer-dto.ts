import 'server-only';
import { PANELIZER_FILE_FORMATS, type PanelizerExportDto, type PanelizerExportSummaryDto, type PanelizerProjectDto, type PanelizerProjectSummaryDto } from '@/lib/shared/schemas/panelizer';
import type { PanelizerExportRow, PanelizerProjectRow } from './panelizer-access';

export const exportFilePath = (id: string, format: string) => `/api/v2/panelizer-exports/${id}/files/${format}`;

export function toProjectSummary(row: PanelizerProjectRow): PanelizerProjectSummaryDto {
  return {
    id: row.id,
    missionId: row.missionId,
    datasetId: row.datasetId,
    name: row.name,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedExportId: row.publishedExportId,
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

export const toProjectDto = (row: PanelizerProjectRow): PanelizerProjectDto => ({ ...toProjectSummary(row), document: row.document });

export function toExportSummary(row: PanelizerExportRow): PanelizerExportSummaryDto {
  return {
    id: row.id,
    projectId: row.projectId,
    missionId: row.missionId,
    number: row.number,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    published: row.publishedAt !== null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    totals: row.results.totals,
    files: Object.fromEntries(PANELIZER_FILE_FORMATS.map((f) => [f, exportFilePath(row.id, f)])) as PanelizerExportSummaryDto['files'],
  };
}

export const toExportDto = (row: PanelizerExportRow): PanelizerExportDto => ({ ...toExportSummary(row), document: row.document, results: row.results });
