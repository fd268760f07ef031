import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SYSTEM_ACTOR } from '../../auth/actor';
import { recordAudit } from '../../audit/record-audit';
import type { Db } from '../../db/client';
import { job } from '../../db/schema/jobs';
import type { Storage } from '../../storage/types';
import { backupArchiveKey, BACKUPS_PREFIX, MISSION_BACKUP_JOB, parseBackupArchiveKey, type BackupResult } from './make-backup';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Job ids looked up per query when checking archives for a record. */
const LOOKUP_BATCH = 500;

export interface BackupPruneResult {
  /** Succeeded backups older than the retention (not their mission's newest): archive and record deleted. */
  expired: number;
  /** Archives with no job row, older than the retention: deleted. */
  orphans: number;
  /** Succeeded backup records finished longer ago than `recordDays` whose archive is gone: deleted. */
  missing: number;
}

interface BackupRow {
  id: string;
  missionId: number | null;
  result: unknown;
  finishedAt: Date | null;
  createdAt: Date;
  rank: number;
}

/** The archive a succeeded backup row describes (its result's key; else where make-backup puts it). */
function archiveKeyOf(row: BackupRow): string | null {
  const key = (row.result as Partial<BackupResult> | null)?.key;
  if (typeof key === 'string' && key.startsWith(BACKUPS_PREFIX)) return key;
  return row.missionId === null ? null : backupArchiveKey(row.missionId, row.id);
}

/**
 * Backup retention, one pass of maintenance.cleanup (docs/adr/0006-mission-backup.md, "Retention").
 * A succeeded `mission.backup` job row is the backup's record; its archive lives under
 * `backups/missions/`.
 * - A succeeded backup finished more than `retentionDays` ago is deleted — archive first, then
 *   the row, with a `delete` audit event on its mission (actor: the system) — unless it is the
 *   newest succeeded backup of its mission, which is kept however old (also for a deleted
 *   mission: it is what a restore would recreate it from).
 * - A succeeded backup row whose archive is gone (removed by hand, or a run stopped between the
 *   two deletes) is a record of nothing: deleted, audited, once finished more than `recordDays`
 *   ago (the finished-job age, which no longer applies to live backup records).
 * - An archive with no job row at all (left when the finished-job cleanup still deleted backup
 *   rows, or by a failed or cancelled backup whose row has since gone) is deleted once it was
 *   last modified more than `retentionDays` ago. Keys under the prefix that are not archive keys
 *   are left alone.
 * Failed and cancelled backup rows are not touched here: the finished-job cleanup deletes them.
 */
export async function pruneMissionBackups(input: {
  db: Db;
  storage: Storage;
  now: Date;
  retentionDays: number;
  recordDays: number;
  signal: AbortSignal;
  log(message: string): void;
}): Promise<BackupPruneResult> {
  const { db, storage, now, signal, log } = input;
  const keepAfter = new Date(now.getTime() - input.retentionDays * DAY_MS);
  const recordsBefore = new Date(now.getTime() - input.recordDays * DAY_MS);

  // Rows first, then the listing: a backup succeeds only after its archive was moved into place,
  // so every row read here has its archive in the listing unless the archive is really gone.
  const rows: BackupRow[] = await db
    .select({
      id: job.id,
      missionId: job.missionId,
      result: job.result,
      finishedAt: job.finishedAt,
      createdAt: job.createdAt,
      rank: sql<number>`(row_number() over (partition by ${job.missionId} order by ${job.finishedAt} desc nulls last, ${job.createdAt} desc, ${job.id} desc))::int`,
    })
    .from(job)
    .where(and(eq(job.type, MISSION_BACKUP_JOB), eq(job.state, 'succeeded')));

  const archives = new Map<string, Date>();
  // An incomplete listing would make live archives look missing: stop instead.
  for await (const entry of storage.list(BACKUPS_PREFIX)) {
    signal.throwIfAborted();
    archives.set(entry.key, entry.lastModified);
  }

  const result: BackupPruneResult = { expired: 0, orphans: 0, missing: 0 };
  for (const row of rows) {
    signal.throwIfAborted();
    const key = archiveKeyOf(row);
    const finishedAt = row.finishedAt ?? row.createdAt;
    const expired = row.rank > 1 && finishedAt < keepAfter;
    const missing = !expired && (key === null || !archives.has(key)) && finishedAt < recordsBefore;
    if (!expired && !missing) continue;
    if (key !== null && expired) {
      await storage.delete(key);
      archives.delete(key);
    }
    const deleted = await db.transaction(async (tx) => {
      const [gone] = await tx
        .delete(job)
        .where(and(eq(job.id, row.id), eq(job.state, 'succeeded')))
        .returning({ id: job.id });
      if (!gone) return false;
      await recordAudit(
        { db: tx, actor: SYSTEM_ACTOR },
        {
          entity: 'mission_backup',
          entityId: row.id,
          missionId: row.missionId,
          action: 'delete',
          diff: {
            reason: expired ? 'retention' : 'archive_missing',
            fileName: (row.result as Partial<BackupResult> | null)?.fileName ?? null,
            finishedAt,
            ...(expired ? { retentionDays: input.retentionDays } : {}),
          },
        },
      );
      return true;
    });
    if (!deleted) continue;
    if (expired) result.expired += 1;
    else result.missing += 1;
    log(`mission ${row.missionId} backup ${row.id} deleted (${expired ? `older than ${input.retentionDays} days` : 'its archive is gone'})`);
  }

  const candidates = new Map<string, string>(); // job id → archive key
  for (const [key, lastModified] of archives) {
    const parsed = parseBackupArchiveKey(key);
    if (parsed && lastModified < keepAfter) candidates.set(parsed.jobId, key);
  }
  const ids = [...candidates.keys()];
  for (let i = 0; i < ids.length; i += LOOKUP_BATCH) {
    signal.throwIfAborted();
    const batch = ids.slice(i, i + LOOKUP_BATCH);
    const known = new Set((await db.select({ id: job.id }).from(job).where(inArray(job.id, batch))).map((r) => r.id));
    for (const id of batch) {
      if (known.has(id)) continue;
      const key = candidates.get(id)!;
      await storage.delete(key);
      result.orphans += 1;
      log(`orphaned backup archive ${key} deleted (no job row, older than ${input.retentionDays} days)`);
    }
  }
  return result;
}
