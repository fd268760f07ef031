import 'server-only';
import { and, eq, inArray, lt, not, sql } from 'drizzle-orm';
import { job } from '../db/schema/jobs';
import { notification } from '../db/schema/notices';
import { env } from '../env';
import { BOSS_SCHEMA } from '../jobs/boss';
import type { Executor, JobHandler } from '../jobs/define';
import { MISSION_BACKUP_JOB } from '../missions/backup/make-backup';
import { pruneMissionBackups } from '../missions/backup/retention';
import { TEMP_PREFIX } from '../storage/keys';
import { jobDomainContext } from '../domain/contexts';
import { expireUploads } from '../uploads/expire-uploads';
import { TUS_PREFIX, tusAreaFromEnv } from '../uploads/tus-area';
import type { maintenanceCleanupJob } from './cleanup-job';

const DAY_MS = 24 * 60 * 60 * 1000;

export const CLEANUP_RULES = {
  dismissedNotificationDays: 90,
  tempFileHours: 24,
  finishedJobDays: 30,
  /** A job still open this long after pg-boss lost it (deleted, never archived) is failed. */
  lostJobHours: 24,
  /** BACKUP_RETENTION_DAYS (default 90), read when the job runs. */
  get backupRetentionDays(): number {
    return env().BACKUP_RETENTION_DAYS;
  },
} as const;

/** Runs `maintenance.cleanup` (cleanup-job.ts) in the worker. */
export const maintenanceCleanupHandler: JobHandler<(typeof maintenanceCleanupJob)['schema']> = {
  async run(data, ctx) {
    const now = data.now ? new Date(data.now) : new Date();
    const notifications = await ctx.db
      .delete(notification)
      .where(and(eq(notification.state, 'dismissed'), lt(notification.createdAt, new Date(now.getTime() - CLEANUP_RULES.dismissedNotificationDays * DAY_MS))))
      .returning({ id: notification.id });
    await ctx.reportProgress(20);

    const tempBefore = new Date(now.getTime() - CLEANUP_RULES.tempFileHours * 60 * 60 * 1000);
    let tempFiles = 0;
    for await (const entry of ctx.storage.list(TEMP_PREFIX)) {
      if (ctx.signal.aborted) break;
      // Unfinished uploads are kept until their own expiry (UPLOAD_EXPIRY_HOURS), below.
      if (entry.key.startsWith(TUS_PREFIX)) continue;
      if (entry.lastModified < tempBefore) {
        await ctx.storage.delete(entry.key);
        tempFiles += 1;
      }
    }
    // Under S3 an unfinished upload is an open multipart upload: keep those until uploads expire.
    const uploadsBefore = new Date(now.getTime() - env().UPLOAD_EXPIRY_HOURS * 60 * 60 * 1000);
    const partialWrites = await ctx.storage.purgeIncomplete(ctx.storage.driver === 's3' && uploadsBefore < tempBefore ? uploadsBefore : tempBefore);
    const expiredUploads = await expireUploads(jobDomainContext(ctx), tusAreaFromEnv(env(), ctx.storage), now);
    await ctx.reportProgress(50);

    const backups = await pruneMissionBackups({
      db: ctx.db,
      storage: ctx.storage,
      now,
      retentionDays: CLEANUP_RULES.backupRetentionDays,
      recordDays: CLEANUP_RULES.finishedJobDays,
      signal: ctx.signal,
      log: ctx.log,
    });
    await ctx.reportProgress(80);

    const jobs = await ctx.db
      .delete(job)
      .where(
        and(
          inArray(job.state, ['succeeded', 'failed', 'cancelled']),
          lt(job.finishedAt, new Date(now.getTime() - CLEANUP_RULES.finishedJobDays * DAY_MS)),
          // A succeeded backup's row is its record: pruneMissionBackups decides when it goes.
          not(and(eq(job.type, MISSION_BACKUP_JOB), eq(job.state, 'succeeded'))!),
        ),
      )
      .returning({ id: job.id });
    const settled = await settleOrphans(ctx.db, now);
    return {
      notifications: notifications.length,
      tempFiles,
      partialWrites,
      expiredUploads,
      expiredBackups: backups.expired,
      orphanBackups: backups.orphans,
      missingBackups: backups.missing,
      jobs: jobs.length,
      settledJobs: settled,
    };
  },
};

/**
 * Job rows still open although pg-boss has finished with the job: it expired with no retries
 * left, was cancelled or completed behind our back, or vanished. pg-boss `retry` while our row
 * says running (the worker died) goes back to queued.
 */
export async function settleOrphans(db: Executor, now: Date): Promise<number> {
  const lostBefore = new Date(now.getTime() - CLEANUP_RULES.lostJobHours * 60 * 60 * 1000);
  const boss = sql.raw(BOSS_SCHEMA);
  const result = await db.execute(sql`
    with boss as (
      select id, state::text as state, completed_on, output from ${boss}.job
      union all
      select id, state::text, completed_on, output from ${boss}.archive
    ), target as (
      select j.id,
        case
          when b.id is null then 'failed'
          when b.state = 'completed' then 'succeeded'
          when b.state = 'cancelled' then 'cancelled'
          when b.state = 'failed' then 'failed'
          else 'queued'
        end as state,
        case
          when b.id is null then 'The job was lost by the queue'
          when b.output->'value'->>'message' like 'job failed by timeout%' then 'The job took longer than its time limit or its worker stopped'
          else coalesce(b.output->>'message', b.output->'value'->>'message', j.error)
        end as error,
        coalesce(b.completed_on, ${now.toISOString()}::timestamptz) as finished_at
      from ${job} j
      left join boss b on b.id = j.id
      where j.state in ('queued', 'running')
        and (
          (b.id is null and j.created_at < ${lostBefore.toISOString()}::timestamptz)
          or b.state in ('completed', 'cancelled', 'failed')
          or (b.state = 'retry' and j.state = 'running')
        )
    )
    update ${job} j set
      state = target.state::job_state,
      error = case when target.state = 'succeeded' then null else target.error end,
      progress = case when target.state = 'succeeded' then 100 else j.progress end,
      finished_at = case when target.state = 'queued' then null else target.finished_at end,
      updated_at = now(),
      version = j.version + 1
    from target
    where j.id = target.id
    returning j.id
  `);
  return result.rows.length;
}
