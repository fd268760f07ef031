import { z } from 'zod';
import { missionListFilters } from '@/lib/shared/schemas/mission-view';
import { endpoint } from '../endpoint';

/** spec §2 project list "Export All": the current filter as CSV or XLSX, made by a background job. */
export const MISSION_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type MissionExportFormat = (typeof MISSION_EXPORT_FORMATS)[number];

export const startMissionExportBody = z.object({
  format: z.enum(MISSION_EXPORT_FORMATS),
  /** The list's filters and sort, as `GET /api/v2/missions` takes them (its defaults when left out). */
  filters: missionListFilters.prefault({}),
});
export type StartMissionExportInput = z.input<typeof startMissionExportBody>;
export type StartMissionExportBody = z.output<typeof startMissionExportBody>;

export const missionExportSchema = z.object({
  /** The export's background job. */
  id: z.uuid(),
  format: z.enum(MISSION_EXPORT_FORMATS),
  state: z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']),
  progress: z.number().int().min(0).max(100),
  /** Rows written; set once the file is ready. */
  rows: z.number().int().nullable(),
  fileName: z.string().nullable(),
  /** Where to GET the file once `state` is `succeeded`. */
  downloadUrl: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type MissionExportDto = z.output<typeof missionExportSchema>;

const exportParams = z.object({ id: z.uuid() });

export const startMissionExport = endpoint({
  method: 'POST',
  path: '/api/v2/mission-exports',
  summary: 'Starts exporting the missions of a list filter (with the list\'s visibility) as CSV or XLSX; needs allow.exportData',
  tag: 'missions',
  body: startMissionExportBody,
  response: missionExportSchema,
  status: 202,
});

export const getMissionExport = endpoint({
  method: 'GET',
  path: '/api/v2/mission-exports/{id}',
  summary: 'State of one of the signed-in user\'s exports (poll until succeeded or failed)',
  tag: 'missions',
  params: exportParams,
  response: missionExportSchema,
});

export const downloadMissionExport = endpoint({
  method: 'GET',
  path: '/api/v2/mission-exports/{id}/file',
  summary: 'The finished export file (text/csv or XLSX) of one of the signed-in user\'s exports; 404 once it expired',
  tag: 'missions',
  params: exportParams,
  response: z.string().describe('The file itself (text/csv; charset=utf-8 or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet)'),
});
