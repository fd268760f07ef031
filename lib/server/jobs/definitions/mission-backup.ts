import 'server-only';
import { z } from 'zod';
import { idSchema } from '@/lib/shared/schemas/common';
import { makeBackup, markBackupFailed, MISSION_BACKUP_JOB, MissionGoneError } from '../../missions/backup/make-backup';
import { defineJob, PermanentJobError } from '../define';

/**
 * spec §2 mission action "backup": packs the mission's records and stored files into a tar.gz
 * (lib/server/missions/backup, docs/adr/0006-mission-backup.md). Progress is the share of bytes
 * packed. Retried twice (storage hiccups); a mission deleted meanwhile fails at once.
 */
export const missionBackup = defineJob({
  name: MISSION_BACKUP_JOB,
  schema: z.object({ missionId: idSchema, requestedBy: z.uuid().nullable().default(null) }),
  retry: { limit: 2, delaySeconds: 10, backoff: true },
  expireInSeconds: 6 * 60 * 60,
  concurrency: 1,
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
});
