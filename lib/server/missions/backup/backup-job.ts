import 'server-only';
import { z } from 'zod';
import { idSchema } from '@/lib/shared/schemas/common';
import { defineJobContract } from '../../jobs/define';
import { MISSION_BACKUP_JOB } from './make-backup';

/**
 * spec §2 mission action "backup": packs the mission's records and stored files into a tar.gz
 * (handler: backup-job-handler.ts, docs/adr/0006-mission-backup.md). Progress is the share of
 * bytes packed. Retried twice (storage hiccups); a mission deleted meanwhile fails at once.
 */
export const missionBackupJob = defineJobContract({
  name: MISSION_BACKUP_JOB,
  schema: z.object({ missionId: idSchema, requestedBy: z.uuid().nullable().default(null) }),
  retry: { limit: 2, delaySeconds: 10, backoff: true },
  expireInSeconds: 6 * 60 * 60,
  concurrency: 1,
});
