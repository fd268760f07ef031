import { randomUUID } from 'node:crypto';
import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { auditEvent } from '@/lib/server/db/schema';
import { job } from '@/lib/server/db/schema/jobs';
import type { AnyJobDefinition } from '@/lib/server/jobs/define';
import { CLEANUP_RULES } from '@/lib/server/maintenance/cleanup';
import { maintenanceCleanup } from '@/lib/server/worker-handlers';
import { backupArchiveKey, MISSION_BACKUP_JOB } from '@/lib/server/missions/backup/make-backup';
import { jobRow, startHarness, waitFor, type Harness } from './harness';

const DAY = 24 * 60 * 60 * 1000;
// The cleanup runs "100 days from now" (data.now): what is written today is then 100 days old.
const now = new Date(Date.now() + 100 * DAY);
const daysBefore = (d: number) => new Date(now.getTime() - d * DAY);
let h: Harness;

beforeAll(async () => {
  h = await startHarness([maintenanceCleanup] as AnyJobDefinition[]);
});
afterAll(() => h?.close());

async function runCleanup(): Promise<Record<string, unknown>> {
  const run = await h.queue.enqueue(h.db, maintenanceCleanup, { now: now.toISOString() });
  const done = await waitFor(() => jobRow(h.db, run.id), (r) => r.state === 'succeeded' || r.state === 'failed');
  expect(done.error).toBeNull();
  return done.result as Record<string, unknown>;
}

/** A backup job row; `archive: true` also stores its archive where mission.backup puts it. */
async function backup(missionId: number, state: 'succeeded' | 'failed', finishedDaysBefore: number, archive = state === 'succeeded'): Promise<{ id: string; key: string }> {
  const id = randomUUID();
  const key = backupArchiveKey(missionId, id);
  const finishedAt = daysBefore(finishedDaysBefore);
  await h.db.insert(job).values({
    id,
    type: MISSION_BACKUP_JOB,
    state,
    progress: state === 'succeeded' ? 100 : 40,
    error: state === 'failed' ? 'disk full' : null,
    result: state === 'succeeded' ? { key, fileName: `mission-${missionId}-backup.tar.gz`, size: 7, sha256: 'x', files: 0, records: {} } : null,
    input: { missionId },
    missionId,
    createdAt: finishedAt,
    finishedAt,
  });
  if (archive) await h.storage.put(key, Buffer.from('archive'));
  return { id, key };
}

it('reads the backup retention from the configuration (default 90 days)', () => {
  expect(CLEANUP_RULES.backupRetentionDays).toBe(90);
});

it('maintenance.cleanup prunes mission backups past the retention but keeps each mission’s newest, and deletes old orphaned archives', async () => {
  // Mission 101: two backups past the 90 days; the newer of them is the mission's newest.
  const expired = await backup(101, 'succeeded', 120);
  const newestButOld = await backup(101, 'succeeded', 95);
  // Mission 102: younger than the retention (one of them past the 30-day finished-job age), and a
  // failed attempt past the 30 days, whose row goes as before.
  const young = await backup(102, 'succeeded', 60);
  const youngest = await backup(102, 'succeeded', 10);
  const failed = await backup(102, 'failed', 40);
  // Mission 103: a record whose archive is gone, finished past the 30 days, and a newer backup.
  const missing = await backup(103, 'succeeded', 40, false);
  const mission103Newest = await backup(103, 'succeeded', 5);
  // Archives with no job row (left by the old cleanup): one written today (100 days old at `now`),
  // one only 10 days old, and a stray file that is not an archive.
  const orphan = backupArchiveKey(104, randomUUID());
  const youngOrphan = backupArchiveKey(104, randomUUID());
  await h.storage.put(orphan, Buffer.from('orphan'));
  await h.storage.put(youngOrphan, Buffer.from('young orphan'));
  await utimes(join(h.storageDir, 'objects', ...youngOrphan.split('/')), daysBefore(10), daysBefore(10));
  await h.storage.put('backups/missions/104/notes.txt', Buffer.from('not an archive'));

  expect(await runCleanup()).toEqual({
    notifications: 0,
    tempFiles: 0,
    partialWrites: 0,
    expiredUploads: 0,
    expiredBackups: 1,
    orphanBackups: 1,
    missingBackups: 1,
    jobs: 1,
    settledJobs: 0,
  });

  const all = [expired, newestButOld, young, youngest, failed, missing, mission103Newest];
  const rows = await h.db.select({ id: job.id }).from(job).where(inArray(job.id, all.map((b) => b.id)));
  expect(rows.map((r) => r.id).sort()).toEqual([newestButOld, young, youngest, mission103Newest].map((b) => b.id).sort());

  expect(await h.storage.head(expired.key)).toBeNull();
  for (const kept of [newestButOld, young, youngest, mission103Newest]) expect(await h.storage.head(kept.key)).not.toBeNull();
  expect(await h.storage.head(orphan)).toBeNull();
  expect(await h.storage.head(youngOrphan)).not.toBeNull();
  expect(await h.storage.head('backups/missions/104/notes.txt')).not.toBeNull();

  // Each deleted backup is on its mission's audit trail, by the system (actor null).
  const events = await h.db.select().from(auditEvent).where(eq(auditEvent.entity, 'mission_backup'));
  expect(events.map((e) => ({ entityId: e.entityId, missionId: e.missionId, action: e.action, actorId: e.actorId, reason: e.diff.reason })).sort((a, b) => a.missionId! - b.missionId!)).toEqual([
    { entityId: expired.id, missionId: 101, action: 'delete', actorId: null, reason: 'retention' },
    { entityId: missing.id, missionId: 103, action: 'delete', actorId: null, reason: 'archive_missing' },
  ]);

  // A second pass at the same time finds no more backups to delete (its one job row is the first
  // cleanup run's own, finished today and so 100 days before `now`).
  expect(await runCleanup()).toMatchObject({ expiredBackups: 0, orphanBackups: 0, missingBackups: 0, jobs: 1 });
  expect(await h.storage.head(newestButOld.key)).not.toBeNull();
});
