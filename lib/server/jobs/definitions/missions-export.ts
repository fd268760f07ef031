import 'server-only';
import { MISSION_EXPORT_JOB, missionExportJobInput, runMissionExport } from '../../missions/export-files';
import { defineJob } from '../define';

/**
 * spec §2 project list "Export All": writes the missions of a list filter, as the user who asked
 * sees them, to a CSV or XLSX file in storage (lib/server/missions/export-files.ts). The job row
 * is the export record; its result names the stored file.
 */
export const missionsExport = defineJob({
  name: MISSION_EXPORT_JOB,
  schema: missionExportJobInput,
  retry: { limit: 2, delaySeconds: 5, backoff: true },
  // 100 000 rows (the cap) take well under a minute; ten leave room on a busy machine.
  expireInSeconds: 10 * 60,
  concurrency: 2,
  // Users see the format and the filters on the job row, not the requester's roles.
  summarize: ({ format, filters, locale }) => ({ format, filters, locale }),
  run: (data, ctx) => runMissionExport({ db: ctx.db, storage: ctx.storage, jobId: ctx.jobId, signal: ctx.signal, reportProgress: ctx.reportProgress }, data),
});
