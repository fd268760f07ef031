import 'server-only';
import { and, eq } from 'drizzle-orm';
import {
  startMissionExportBody,
  type MissionExportDto,
  type MissionExportFormat,
  type StartMissionExportBody,
  type StartMissionExportInput,
} from '@/lib/shared/api/endpoints/mission-exports';
import type { Locale } from '@/lib/shared/locale';
import { permissionsOf } from '../auth/permissions';
import { job, type JobRow } from '../db/schema/jobs';
import type { DomainContext } from '../domain/context';
import { parseInput } from '../domain/validate';
import { AppError, notFound } from '../errors';
import { enqueueJob } from '../jobs/enqueue';
import { MISSION_EXPORT_JOB, type MissionExportResult } from './export-files';
import { missionsExportJob } from './export-job';

/*
 * spec §2 project list "Export All". One code path for every size: the export is always a
 * background job (export-job.ts), and its job row is the export record
 * (who asked: created_by; state, progress, error; the stored file in `result`). The file is
 * served only to the user who asked.
 */

/** Starts an export of the list the filters describe, with the caller's visibility (spec §6 allow.exportData). */
export async function startMissionExport(ctx: DomainContext, input: StartMissionExportBody & { locale: Locale }): Promise<MissionExportDto> {
  const { actor } = ctx;
  if (actor.kind !== 'user' || !(await permissionsOf(actor)).allow.exportData) throw new AppError('not_authorized', 'Exporting data is not allowed for this user', undefined, 'errors.missions.exportNotAllowed');
  // The body's filters are the list's (with its defaults), parsed at the boundary: a bad filter is a 400 now, not a failed job later.
  const { format, filters } = input;
  const row = await enqueueJob(
    ctx.db,
    missionsExportJob,
    {
      format,
      filters,
      locale: input.locale,
      requestedBy: { identityId: actor.identityId, roles: actor.roles, customerNumber: actor.customerNumber ?? null },
    },
    { createdBy: actor.identityId },
  );
  return toDto(row);
}

/** One of the caller's exports; anyone else's is not found (not even its existence is told). */
export async function getMissionExport(ctx: DomainContext, id: string): Promise<MissionExportDto> {
  return toDto(await ownExport(ctx, id));
}

/** Where the finished file of one of the caller's exports is stored. */
export async function missionExportFile(ctx: DomainContext, id: string): Promise<MissionExportResult> {
  const row = await ownExport(ctx, id);
  const result = row.result as MissionExportResult | null;
  if (row.state !== 'succeeded' || !result) throw new AppError('conflict', 'The export is not ready', { state: row.state }, 'errors.missions.exportNotReady');
  return result;
}

async function ownExport(ctx: DomainContext, id: string): Promise<JobRow> {
  if (ctx.actor.kind !== 'user') throw notFound('Export');
  const [row] = await ctx.db
    .select()
    .from(job)
    .where(and(eq(job.id, id), eq(job.type, MISSION_EXPORT_JOB), eq(job.createdBy, ctx.actor.identityId)));
  if (!row) throw notFound('Export');
  return row;
}

function toDto(row: JobRow): MissionExportDto {
  const result = row.result as MissionExportResult | null;
  const format = (row.input as { format?: MissionExportFormat }).format ?? 'csv';
  const ready = row.state === 'succeeded' && result !== null;
  return {
    id: row.id,
    format,
    state: row.state,
    progress: row.progress,
    rows: ready ? result.rows : null,
    fileName: ready ? result.fileName : null,
    downloadUrl: ready ? `/api/v2/mission-exports/${row.id}/file` : null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  };
}

/** startMissionExport for JSON-shaped input (tests): the body parsed with the endpoint's schema first. */
export const startMissionExportFromJson = async (ctx: DomainContext, { locale, ...body }: StartMissionExportInput & { locale: Locale }) =>
  startMissionExport(ctx, { ...parseInput(startMissionExportBody, body), locale });
