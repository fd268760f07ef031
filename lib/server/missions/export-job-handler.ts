import 'server-only';
import type { JobHandler } from '../jobs/define';
import { runMissionExport, type MissionExportResult } from './export-files';
import type { missionsExportJob } from './export-job';

/** Runs `missions.export` (export-job.ts) in the worker. */
export const missionsExportHandler: JobHandler<(typeof missionsExportJob)['schema'], MissionExportResult> = {
  run: (data, ctx) => runMissionExport({ db: ctx.db, storage: ctx.storage, jobId: ctx.jobId, signal: ctx.signal, reportProgress: ctx.reportProgress }, data),
};
