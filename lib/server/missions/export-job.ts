import 'server-only';
import { defineJobContract } from '../jobs/define';
import { MISSION_EXPORT_JOB, missionExportJobInput } from './export-files';

/**
 * spec §2 project list "Export All": writes the missions of a list filter, as the user who asked
 * sees them, to a CSV or XLSX file in storage (handler: export-job-handler.ts). The job row is
 * the export record; its result names the stored file.
 */
export const missionsExportJob = defineJobContract({
  name: MISSION_EXPORT_JOB,
  schema: missionExportJobInput,
  retry: { limit: 2, delaySeconds: 5, backoff: true },
  // 100 000 rows (the cap) take well under a minute; ten leave room on a busy machine.
  expireInSeconds: 10 * 60,
  concurrency: 2,
  // Users see the format and the filters on the job row, not the requester's roles.
  summarize: ({ format, filters, locale }) => ({ format, filters, locale }),
});
