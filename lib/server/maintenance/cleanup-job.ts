import 'server-only';
import { z } from 'zod';
import { defineJobContract } from '../jobs/define';

/**
 * Housekeeping, every 15 minutes: deletes dismissed notifications older than 90 days, temporary
 * files (`tmp/…`, abandoned partial writes and multipart uploads) older than 24 hours, mission
 * backups older than BACKUP_RETENTION_DAYS (default 90; archive and record, except each
 * mission's newest, which is always kept) and archives under `backups/missions/` that have no
 * record and are as old (missions/backup/retention.ts; handler: cleanup.ts), and job rows finished more than 30 days
 * ago — except succeeded `mission.backup` rows, which are the backups' records and go with their
 * archive (or 30 days after it has gone missing); and settles job rows whose pg-boss job ended
 * without the worker recording it (a worker killed mid-job whose job then expired for good).
 */
export const maintenanceCleanupJob = defineJobContract({
  name: 'maintenance.cleanup',
  schema: z.object({ now: z.iso.datetime().optional() }),
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  expireInSeconds: 30 * 60,
  concurrency: 1,
  cron: '*/15 * * * *',
});
