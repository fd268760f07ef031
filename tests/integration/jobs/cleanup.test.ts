import { randomUUID } from 'node:crypto';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { job } from '@/lib/server/db/schema/jobs';
import { notification } from '@/lib/server/db/schema/notices';
import type { AnyJobDefinition } from '@/lib/server/jobs/define';
import { maintenanceCleanup } from '@/lib/server/worker-handlers';
import { jobRow, startHarness, waitFor, type Harness } from './harness';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (d: number) => new Date(Date.now() - d * DAY);
let h: Harness;

beforeAll(async () => {
  h = await startHarness([maintenanceCleanup] as AnyJobDefinition[]);
});
afterAll(() => h?.close());

async function ageObject(key: string, date: Date): Promise<void> {
  await utimes(join(h.storageDir, 'objects', ...key.split('/')), date, date);
}

it('maintenance.cleanup deletes old dismissed notifications, old temp files and old job rows, and settles lost jobs', async () => {
  const text = { en: 'Export ready', de: 'Export fertig' };
  const notes = await h.db
    .insert(notification)
    .values([
      { text, state: 'dismissed', createdAt: daysAgo(100), updatedAt: daysAgo(95) },
      { text, state: 'dismissed', createdAt: daysAgo(10) },
      { text, state: 'active', createdAt: daysAgo(100) },
    ])
    .returning({ id: notification.id });

  await h.storage.put('tmp/upload-1/old.part', Buffer.from('stale upload'));
  await h.storage.put('tmp/upload-2/new.part', Buffer.from('upload in progress'));
  await h.storage.put('missions/1/old-deliverable.pdf', Buffer.from('kept forever'));
  await ageObject('tmp/upload-1/old.part', daysAgo(2));
  await ageObject('missions/1/old-deliverable.pdf', daysAgo(400));
  await mkdir(join(h.storageDir, 'partial'), { recursive: true });
  await writeFile(join(h.storageDir, 'partial', 'crashed-put'), 'x');
  await utimes(join(h.storageDir, 'partial', 'crashed-put'), daysAgo(2), daysAgo(2));

  const [oldDone, recentFailed, lost, expired] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  await h.db.insert(job).values([
    { id: oldDone, type: 'export.pdf', state: 'succeeded', progress: 100, finishedAt: daysAgo(40), createdAt: daysAgo(40) },
    { id: recentFailed, type: 'export.pdf', state: 'failed', error: 'boom', finishedAt: daysAgo(10), createdAt: daysAgo(10) },
    // Running two days ago, but pg-boss has no such job any more (its worker died long ago).
    { id: lost, type: 'export.pdf', state: 'running', attempts: 1, startedAt: daysAgo(2), createdAt: daysAgo(2) },
    // Its worker was killed; pg-boss's supervisor then expired the job with no retries left.
    { id: expired, type: 'maintenance.cleanup', state: 'running', attempts: 1, startedAt: daysAgo(1) },
  ]);
  await h.pool.query(
    `insert into pgboss.job (id, name, state, output, completed_on) values ($1, 'maintenance.cleanup', 'failed', '{"value":{"message":"job failed by timeout in active state"}}', now())`,
    [expired],
  );

  const run = await h.queue.enqueue(h.db, maintenanceCleanup, {});
  const done = await waitFor(() => jobRow(h.db, run.id), (r) => r.state === 'succeeded' || r.state === 'failed');
  expect(done.error).toBeNull();
  expect(done.result).toEqual({ notifications: 1, tempFiles: 1, partialWrites: 1, expiredUploads: 0, expiredBackups: 0, orphanBackups: 0, missingBackups: 0, jobs: 1, settledJobs: 2 });

  const left = await h.db.select({ id: notification.id }).from(notification).where(inArray(notification.id, notes.map((n) => n.id)));
  expect(left.map((n) => n.id).sort()).toEqual([notes[1]!.id, notes[2]!.id].sort());

  expect(await h.storage.head('tmp/upload-1/old.part')).toBeNull();
  expect(await h.storage.head('tmp/upload-2/new.part')).not.toBeNull();
  expect(await h.storage.head('missions/1/old-deliverable.pdf')).not.toBeNull();

  const rows = await h.db.select({ id: job.id, state: job.state, error: job.error }).from(job).where(inArray(job.id, [oldDone, recentFailed, lost, expired]));
  expect(rows.find((r) => r.id === oldDone)).toBeUndefined();
  expect(rows.find((r) => r.id === recentFailed)).toMatchObject({ state: 'failed' });
  expect(rows.find((r) => r.id === lost)).toMatchObject({ state: 'failed', error: 'The job was lost by the queue' });
  expect(rows.find((r) => r.id === expired)).toMatchObject({ state: 'failed', error: 'The job took longer than its time limit or its worker stopped' });
});

it('is scheduled by cron when the worker starts', async () => {
  const { rows } = await h.pool.query<{ name: string; cron: string }>('select name, cron from pgboss.schedule');
  expect(rows).toEqual([{ name: 'maintenance.cleanup', cron: maintenanceCleanup.cron }]);
});
