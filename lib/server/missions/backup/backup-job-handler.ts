import 'server-only';
import { PermanentJobError, type JobHandler } from '../../jobs/define';
import type { missionBackupJob } from './backup-job';
import { makeBackup, markBackupFailed, MissionGoneError, type BackupResult } from './make-backup';

/** Runs `mission.backup` (backup-job.ts) in the worker. */
export const missionBackupHandler: JobHandler<(typeof missionBackupJob)['schema'], BackupResult> = {
  async run(data, ctx) {
    try {
      return await makeBackup({
        db: ctx.db,
        storage: ctx.storage,
        missionId: data.missionId,
        jobId: ctx.jobId,
        createdBy: data.requestedBy,
        scratchPrefix: ctx.scratchPrefix,
        signal: ctx.signal,
        reportProgress: (pct) => ctx.reportProgress(pct),
      });
    } catch (err) {
      if (err instanceof MissionGoneError) throw new PermanentJobError(err.message);
      throw err;
    }
  },
  // Runs before each retry too; the next attempt sets `running` again at its start.
  async cleanup(data, ctx) {
    await markBackupFailed(ctx.db, data.missionId);
  },
};
