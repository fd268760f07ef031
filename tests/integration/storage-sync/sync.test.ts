import { randomBytes } from 'node:crypto';
import { appendFile, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { SYSTEM_ACTOR } from '@/lib/server/auth/actor';
import { appUser, auditEvent, mission, notification } from '@/lib/server/db/schema';
import { createDomainContext } from '@/lib/server/domain/contexts';
import { createMissionFromJson } from '@/lib/server/missions/create-mission';
import { setMissionCloudSync } from '@/lib/server/missions/set-mission-cloud-sync';
import type { Storage } from '@/lib/server/storage/types';
import { startCloudRestore, startCloudSync, startCloudUnsync } from '@/lib/server/storage-sync/start-operation';
import { deleteOrphans, listOrphans } from '@/lib/server/storage-sync/orphans';
import { storageOverview } from '@/lib/server/storage-sync/storage-overview';
import { syncFiles } from '@/lib/server/storage-sync/sync-files';
import { refreshInventories, verifySample } from '@/lib/server/storage-sync/verify-sample';
import { storageOverviewSchema } from '@/lib/shared/schemas/storage';
import { gate } from '../jobs/harness';
import { missionInput, outcome } from '../missions/fixtures';
import { readAll, sha256 } from '../storage/helpers';
import { startSyncWorld, type SyncWorld } from './sync-world';

let s: SyncWorld;
beforeAll(async () => {
  s = await startSyncWorld('sync');
});
afterAll(() => s?.close());

/** Stores files of a mission as the features do (uploads, point cloud, images, backups); returns key → bytes. */
async function seedFiles(missionId: number, count = 6): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const keys = [
    `missions/${missionId}/uploads/u1/scan.laz`,
    `missions/${missionId}/pointcloud/run1/octree.bin`,
    `missions/${missionId}/pointcloud/run1/metadata.json`,
    `missions/${missionId}/images/1/blurred-v1.jpg`,
    `missions/${missionId}/images/1/thumbnail-v1.jpg`,
    `backups/missions/${missionId}/job-1.tar.gz`,
  ].slice(0, count);
  for (const [i, key] of keys.entries()) {
    const body = randomBytes(1000 + i * 70_000);
    await s.local.put(key, body);
    files.set(key, body);
  }
  return files;
}

const localPath = (key: string) => join(s.localDir, 'objects', ...key.split('/'));
const overviewOf = async (missionId: number) => (await storageOverview(s.ctx('admin'))).missions.find((m) => m.id === missionId)!;

/**
 * A cloud tier that counts writes and can hold or fail them, to observe what a sync copies. Both
 * ways in are watched: a streamed put, and the filesystem's verified file copy.
 */
function watched(cloud: Storage, options: { failAfter?: number; hold?: Promise<void> } = {}) {
  const written: string[] = [];
  const write = async <T>(key: string, call: () => Promise<T>): Promise<T> => {
    if (options.hold) await options.hold;
    if (options.failAfter !== undefined && written.length >= options.failAfter) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const result = await call();
    written.push(key);
    return result;
  };
  const wrapped: Storage = {
    ...cloud,
    put: (key, body, opts) => write(key, () => cloud.put(key, body, opts)),
    ...(cloud.putFileVerified && { putFileVerified: (key, source, expect) => write(key, () => cloud.putFileVerified!(key, source, expect)) }),
  };
  return { cloud: wrapped, written };
}

describe('sync', () => {
  it('copies every file of the mission to the cloud, verified, and the mission becomes cloud online', async () => {
    const m = s.w.m.nord;
    const files = await seedFiles(m.id);
    expect((await overviewOf(m.id)).state).toBe('notSynced');
    const started = await startCloudSync(s.ctx('admin'), { missionId: m.id });
    expect((await s.waitForJob(started.jobId)).state).toBe('succeeded');

    for (const [key, body] of files) expect(sha256(await readAll((await s.cloud.get(key)).body))).toBe(sha256(body));
    const inventory = await s.files(m.id);
    expect(inventory).toHaveLength(files.size);
    for (const row of inventory) expect(row).toMatchObject({ sha256: sha256(files.get(row.key)!), size: files.get(row.key)!.length, cloudSha256: sha256(files.get(row.key)!), localState: 'ok' });

    const overview = await storageOverview(s.ctx('admin'));
    expect(storageOverviewSchema.safeParse(overview).success).toBe(true);
    const total = [...files.values()].reduce((t, b) => t + b.length, 0);
    expect(overview.missions.find((x) => x.id === m.id)).toMatchObject({ state: 'synced', cloudOnline: true, localBytes: total, cloudBytes: total, fileCount: files.size, lastSyncedAt: expect.any(String), error: null });
    expect(overview.totals.freeLocalBytes).toBeGreaterThan(0);
    const [row] = await s.w.ctx('admin').db.select().from(mission).where(eq(mission.id, m.id));
    expect(row).toMatchObject({ cloudOnline: true, cloudSyncState: 'synced' });

    const audit = await s.w.ctx('admin').db.select().from(auditEvent).where(eq(auditEvent.missionId, m.id));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['cloud_sync', 'cloud_sync_finished']));
    const told = await s.w.ctx('admin').db.select().from(notification).where(eq(notification.recipientId, s.w.ids.admin));
    expect(told.map((n) => n.text.en)).toContain(`Mission ${m.id} (${m.name}) is synchronised with the cloud.`);
  });

  it('copies again only what changed; until then the mission is out of date', async () => {
    const m = s.w.m.nord;
    const counted = watched(s.cloud);
    expect(await syncFiles(s.tiers({ cloud: counted.cloud }), m.id)).toMatchObject({ filesCopied: 0, online: true });
    const key = `missions/${m.id}/pointcloud/run1/metadata.json`;
    const changed = Buffer.from('{"version":2}');
    await s.local.put(key, changed);
    const added = `missions/${m.id}/uploads/u2/photo.jpg`;
    await s.local.put(added, randomBytes(5000));
    expect((await overviewOf(m.id)).state).toBe('synced');
    await refreshInventories(s.tiers());
    expect(await overviewOf(m.id)).toMatchObject({ state: 'outOfDate', cloudOnline: true });
    const result = await syncFiles(s.tiers({ cloud: counted.cloud }), m.id);
    expect(result).toMatchObject({ filesCopied: 2, online: true });
    expect(counted.written.sort()).toEqual([key, added].sort());
    expect((await overviewOf(m.id)).state).toBe('synced');
    expect(sha256(await readAll((await s.cloud.get(key)).body))).toBe(sha256(changed));
  });

  it('resumes after a crash mid-sync without copying verified files again', async () => {
    const m = s.w.m.provider;
    const files = await seedFiles(m.id);
    const crashing = watched(s.cloud, { failAfter: 2 });
    await expect(syncFiles(s.tiers({ cloud: crashing.cloud, concurrency: 1 }), m.id)).rejects.toMatchObject({ fault: 'unreachable' });
    expect(crashing.written).toHaveLength(2);
    expect((await s.files(m.id)).filter((r) => r.cloudVerifiedAt !== null).map((r) => r.key).sort()).toEqual([...crashing.written].sort());

    const resumed = watched(s.cloud);
    expect(await syncFiles(s.tiers({ cloud: resumed.cloud }), m.id)).toMatchObject({ filesCopied: files.size - 2, online: true });
    expect(resumed.written.some((k) => crashing.written.includes(k))).toBe(false);
    expect(resumed.written).toHaveLength(files.size - 2);
  });

  it('a local file damaged without a trace is not copied as verified: its copy reads back wrong, and the SHA-256 names the source', async () => {
    const system = createDomainContext({ actor: SYSTEM_ACTOR, db: s.w.ctx('admin').db, storage: s.local });
    const m = await createMissionFromJson(system, missionInput(s.w.companies.provider.id, { name: 'Bitfäule', customerId: s.w.customers.c1.id }));
    const key = `missions/${m.id}/pointcloud/run2/octree.bin`;
    const first = randomBytes(300_000);
    await s.local.put(key, first);
    expect(await syncFiles(s.tiers(), m.id)).toMatchObject({ filesCopied: 1, online: true });
    // A new version, then one bit of it rots on the disk; its metadata still describes the file
    // (the sidecar is made to match the new date, as rot that leaves the date alone would).
    await s.local.put(key, randomBytes(300_000));
    const rotten = await readFile(localPath(key));
    rotten[150_000] = rotten[150_000]! ^ 0x04;
    await writeFile(localPath(key), rotten);
    const sidecar = `${join(s.localDir, 'meta', ...key.split('/'))}.json`;
    const meta = JSON.parse(await readFile(sidecar, 'utf8')) as { mtimeMs: number; xxh3?: string };
    expect(meta.xxh3).toMatch(/^[0-9a-f]{16}$/);
    await writeFile(sidecar, JSON.stringify({ ...meta, mtimeMs: (await stat(localPath(key))).mtimeMs }));

    const counted = watched(s.cloud);
    const result = await syncFiles(s.tiers({ cloud: counted.cloud }), m.id);
    expect(result).toMatchObject({ filesCopied: 0, damaged: [key], online: false });
    expect(counted.written).toEqual([]);
    const [row] = await s.files(m.id);
    expect(row).toMatchObject({ key, localState: 'corrupt' });
    expect(row!.cloudSha256).toBe(sha256(first));
    expect(sha256(await readAll((await s.cloud.get(key)).body))).toBe(sha256(first));

    await system.storage.delete(key); // deleted on purpose: the scheduled check below is for other missions
    expect(await syncFiles(s.tiers(), m.id)).toMatchObject({ filesRemoved: 1, files: 0 });
  });

  it('answers the sync under way to a second click and refuses unsync and restore while it runs', async () => {
    const m = s.w.m.rheinForeign;
    await seedFiles(m.id, 2);
    const held = gate();
    const slow = watched(s.cloud, { hold: held.promise });
    const { __argusCloudStorage: original } = globalThis as { __argusCloudStorage?: Storage };
    (globalThis as { __argusCloudStorage?: Storage }).__argusCloudStorage = slow.cloud;
    try {
      const first = await startCloudSync(s.ctx('admin'), { missionId: m.id });
      const second = await startCloudSync(s.ctx('advanced'), { missionId: m.id });
      expect(second.jobId).toBe(first.jobId);
      expect(await overviewOf(m.id)).toMatchObject({ state: 'syncing', progress: expect.objectContaining({ filesTotal: expect.any(Number) }) });
      await expect(startCloudUnsync(s.ctx('admin'), { missionId: m.id })).rejects.toMatchObject({ code: 'conflict', key: 'errors.storage.busy.sync' });
      await expect(startCloudRestore(s.ctx('admin'), { missionId: m.id })).rejects.toMatchObject({ code: 'conflict', key: 'errors.storage.busy.sync' });
      held.open();
      expect((await s.waitForJob(first.jobId)).state).toBe('succeeded');
    } finally {
      (globalThis as { __argusCloudStorage?: Storage }).__argusCloudStorage = original;
    }
    expect(slow.written).toHaveLength(2);
    expect((await overviewOf(m.id)).state).toBe('synced');
  });

  it('the mission detail\'s cloud sync is the same action', async () => {
    const m = s.w.m.rheinShared;
    await seedFiles(m.id, 1);
    const detail = await setMissionCloudSync(s.ctx('admin'), { id: m.id, online: true });
    expect(detail).toMatchObject({ cloudSyncState: 'syncing' });
    const row = await s.storageRow(m.id);
    expect((await s.waitForJob(row!.jobId!)).state).toBe('succeeded');
    expect(await overviewOf(m.id)).toMatchObject({ state: 'synced', cloudOnline: true });
  });
});

describe('restore', () => {
  it('brings back every file missing or damaged locally, verified, and the files read intact', async () => {
    const m = s.w.m.partner;
    const files = await seedFiles(m.id);
    await s.waitForJob((await startCloudSync(s.ctx('admin'), { missionId: m.id })).jobId);
    const [gone, damaged] = [...files.keys()];
    await rm(localPath(gone!));
    await appendFile(localPath(damaged!), 'bit rot');
    const job = await startCloudRestore(s.ctx('admin'), { missionId: m.id });
    expect((await s.waitForJob(job.jobId)).state).toBe('succeeded');
    for (const [key, body] of files) expect(sha256(await readAll((await s.local.get(key)).body))).toBe(sha256(body));
    expect(await overviewOf(m.id)).toMatchObject({ state: 'synced', localProblems: 0, error: null });
    const audit = await s.w.ctx('admin').db.select().from(auditEvent).where(and(eq(auditEvent.missionId, m.id), eq(auditEvent.action, 'cloud_restore_finished')));
    expect(audit[0]?.diff).toMatchObject({ filesRestored: 2 });
  });
});

describe('files deleted on purpose', () => {
  /** A mission of its own, and the storage the domain verbs get (what they delete, they delete on purpose). */
  async function missionWithSyncedFiles(name: string) {
    const system = createDomainContext({ actor: SYSTEM_ACTOR, db: s.w.ctx('admin').db, storage: s.local });
    const m = await createMissionFromJson(system, missionInput(s.w.companies.provider.id, { name, customerId: s.w.customers.c1.id }));
    const files = await seedFiles(m.id);
    await s.waitForJob((await startCloudSync(s.ctx('admin'), { missionId: m.id })).jobId);
    return { m, files, app: system.storage };
  }

  it("are not restored, and the next sync removes their cloud copy; a file lost behind the app's back is restored", async () => {
    const { m, files, app } = await missionWithSyncedFiles('Gelöschte Dateien');
    const [deleted, lost] = [...files.keys()];
    await app.delete(deleted!);
    await rm(localPath(lost!));
    await refreshInventories(s.tiers());
    expect(await overviewOf(m.id)).toMatchObject({ state: 'outOfDate', localProblems: 1, fileCount: files.size - 1 });
    expect((await s.files(m.id)).find((r) => r.key === deleted)).toMatchObject({ localState: 'deleted' });

    await s.waitForJob((await startCloudRestore(s.ctx('admin'), { missionId: m.id })).jobId);
    expect(sha256(await readAll((await s.local.get(lost!)).body))).toBe(sha256(files.get(lost!)!));
    expect(await s.local.head(deleted!)).toBeNull();

    expect(await syncFiles(s.tiers(), m.id)).toMatchObject({ filesCopied: 0, filesRemoved: 1, files: files.size - 1, online: true });
    expect(await s.cloud.head(deleted!)).toBeNull();
    expect((await s.files(m.id)).map((r) => r.key)).not.toContain(deleted);
    expect(await overviewOf(m.id)).toMatchObject({ state: 'synced', localProblems: 0, fileCount: files.size - 1 });
  });

  it('a deleted folder is forgotten whole; a file never copied is dropped at once; one written again is a file again', async () => {
    const { m, files, app } = await missionWithSyncedFiles('Gelöschter Ordner');
    const folder = `missions/${m.id}/pointcloud/run1/`;
    const neverCopied = `missions/${m.id}/pointcloud/run1/hierarchy.bin`;
    await s.local.put(neverCopied, randomBytes(300));
    await refreshInventories(s.tiers());
    expect(await app.deletePrefix(folder)).toBe(3);
    const rows = await s.files(m.id);
    expect(rows.filter((r) => r.key.startsWith(folder)).map((r) => [r.key, r.localState]).sort()).toEqual([
      [`${folder}metadata.json`, 'deleted'],
      [`${folder}octree.bin`, 'deleted'],
    ]);
    const again = Buffer.from('{"version":3}');
    await s.local.put(`${folder}metadata.json`, again);
    await refreshInventories(s.tiers());
    expect((await s.files(m.id)).find((r) => r.key === `${folder}metadata.json`)).toMatchObject({ localState: 'ok', sha256: sha256(again) });
    // Unsync removes deleted files' copies too: nothing is kept for them.
    await s.waitForJob((await startCloudUnsync(s.ctx('admin'), { missionId: m.id })).jobId);
    expect(await s.cloud.head(`${folder}octree.bin`)).toBeNull();
    expect(await overviewOf(m.id)).toMatchObject({ state: 'unsynced', cloudBytes: 0, error: null });
    expect((await s.files(m.id)).map((r) => r.key)).not.toContain(`${folder}octree.bin`);
    expect(files.has(`${folder}octree.bin`)).toBe(true);
  });
});

describe('unsync', () => {
  it('removes the cloud copies but never the only copy of a file', async () => {
    const m = s.w.m.rheinAssigned;
    const files = await seedFiles(m.id);
    await s.waitForJob((await startCloudSync(s.ctx('admin'), { missionId: m.id })).jobId);
    const [onlyInCloud] = [...files.keys()];
    await rm(localPath(onlyInCloud!));
    const job = await startCloudUnsync(s.ctx('admin'), { missionId: m.id });
    expect((await s.waitForJob(job.jobId)).state).toBe('succeeded');
    for (const key of files.keys()) expect((await s.cloud.head(key)) !== null).toBe(key === onlyInCloud);
    const view = await overviewOf(m.id);
    expect(view).toMatchObject({ state: 'error', cloudOnline: false, error: 'errors.storage.kept?count=1', cloudBytes: files.get(onlyInCloud!)!.length });
    // Restoring first, then unsyncing, leaves the cloud empty.
    await s.waitForJob((await startCloudRestore(s.ctx('admin'), { missionId: m.id })).jobId);
    await s.waitForJob((await startCloudUnsync(s.ctx('admin'), { missionId: m.id })).jobId);
    expect(await overviewOf(m.id)).toMatchObject({ state: 'unsynced', cloudBytes: 0, cloudOnline: false, error: null });
    for (const [key, body] of files) expect(sha256(await readAll((await s.local.get(key)).body))).toBe(sha256(body));
  });
});

describe('verification', () => {
  it('finds a damaged copy in either tier and repairs it from the good one', async () => {
    const m = s.w.m.partner;
    const keys = (await s.files(m.id)).map((r) => r.key);
    const [cloudDamaged, localDamaged] = keys;
    // Roles as current-user.ts mirrors them at a visit: the admin hears of the damage, the manager does not.
    const db = s.w.ctx('admin').db;
    await db.update(appUser).set({ roles: ['admin'] }).where(eq(appUser.identityId, s.w.ids.admin));
    await db.update(appUser).set({ roles: ['advanced'] }).where(eq(appUser.identityId, s.w.ids.advanced));
    await s.cloud.put(cloudDamaged!, Buffer.from('damaged in the cloud'));
    await appendFile(localPath(localDamaged!), 'damaged on disk');
    const result = await verifySample(s.tiers(), 1000);
    expect(result.repaired.sort()).toEqual([cloudDamaged, localDamaged].sort());
    expect(result.unrepairable).toEqual([]);
    const rows = await s.files(m.id);
    for (const key of [cloudDamaged!, localDamaged!]) {
      const row = rows.find((r) => r.key === key)!;
      expect(sha256(await readAll((await s.local.get(key)).body))).toBe(row.sha256);
      expect(sha256(await readAll((await s.cloud.get(key)).body))).toBe(row.sha256);
    }
    expect(await overviewOf(m.id)).toMatchObject({ checkReport: 'errors.storage.verifyReport?repaired=2&unrepairable=0' });
    const told = async (id: string) => (await db.select().from(notification).where(eq(notification.recipientId, id))).map((n) => n.text);
    expect(await told(s.w.ids.admin)).toContainEqual({
      en: `Mission ${m.id} (${m.name}): the scheduled check found damaged copies: 2 repaired, 0 without an intact copy.`,
      de: `Mission ${m.id} (${m.name}): Die regelmäßige Prüfung hat beschädigte Kopien gefunden: 2 repariert, 0 ohne intakte Kopie.`,
    });
    expect((await told(s.w.ids.advanced)).filter((t) => t.en.includes('scheduled check'))).toEqual([]);
  });
});

describe('faults', () => {
  it('an unreachable cloud fails the sync with a clear reason and leaves the local copy untouched', async () => {
    const m = s.w.m.provider;
    const before = await s.files(m.id);
    const down = watched(s.cloud, { failAfter: 0 });
    const { runStorageOperation } = await import('@/lib/server/storage-sync/run-operation');
    const { ensureMissionStorage } = await import('@/lib/server/storage-sync/progress');
    const { missionStorage } = await import('@/lib/server/db/schema');
    await s.local.put(`missions/${m.id}/uploads/u9/new.laz`, randomBytes(2000));
    await ensureMissionStorage(s.w.ctx('admin').db, m.id);
    const jobId = '00000000-0000-4000-8000-000000000001';
    await s.w.ctx('admin').db.update(missionStorage).set({ operation: 'sync', jobId }).where(eq(missionStorage.missionId, m.id));
    await expect(runStorageOperation(s.tiers({ cloud: down.cloud }), 'sync', { missionId: m.id, jobId, requestedBy: s.w.ids.advanced, lastAttempt: true })).rejects.toMatchObject({ fault: 'unreachable' });
    expect(await overviewOf(m.id)).toMatchObject({ state: 'error', error: 'errors.storage.unreachable', cloudOnline: false });
    for (const row of before) expect(sha256(await readAll((await s.local.get(row.key)).body))).toBe(row.sha256);
    const told = await s.w.ctx('admin').db.select().from(notification).where(eq(notification.recipientId, s.w.ids.advanced));
    expect(told.map((n) => n.text.en)).toContain(`Failed to sync Mission! ${m.id} (${m.name}): The cloud storage cannot be reached.`);
  });
});

describe('Mission not found in Mission List', () => {
  it('lists files under ids that are no missions, for admins to delete; a mission\'s own files are refused', async () => {
    const gone = 987_654;
    await s.local.put(`missions/${gone}/uploads/u1/old.laz`, randomBytes(1500));
    await s.cloud.put(`backups/missions/${gone}/b.tar.gz`, randomBytes(700));
    const found = await listOrphans(s.ctx('admin'), s.cloud);
    expect(found).toEqual([{ missionId: gone, localFiles: 1, localBytes: 1500, cloudFiles: 1, cloudBytes: 700 }]);
    expect(await outcome(() => listOrphans(s.ctx('advanced'), s.cloud))).toBe('not_authorized');
    expect(await outcome(() => deleteOrphans(s.ctx('admin'), s.cloud, { missionIds: [s.w.m.nord.id] }))).toBe('conflict');
    expect(await deleteOrphans(s.ctx('admin'), s.cloud, { missionIds: [gone] })).toEqual({ deleted: 2 });
    expect(await listOrphans(s.ctx('admin'), s.cloud)).toEqual([]);
    expect((await s.files(s.w.m.nord.id)).length).toBeGreaterThan(0);
  });
});

describe('authorization', () => {
  it('storage is for users with the permission storage, on missions they may see', async () => {
    const roles = ['admin', 'advanced', 'operator', 'customer', 'customer2', 'external'] as const;
    const results = Object.fromEntries(await Promise.all(roles.map(async (r) => [r, await outcome(() => startCloudRestore(s.ctx(r), { missionId: s.w.m.nord.id }))] as const)));
    expect(results).toEqual({ admin: 'ok', advanced: 'ok', operator: 'not_authorized', customer: 'not_authorized', customer2: 'not_authorized', external: 'not_authorized' });
    const overview = Object.fromEntries(await Promise.all(roles.map(async (r) => [r, await outcome(() => storageOverview(s.ctx(r)))] as const)));
    expect(overview).toEqual({ admin: 'ok', advanced: 'ok', operator: 'not_authorized', customer: 'not_authorized', customer2: 'not_authorized', external: 'not_authorized' });
    expect(await outcome(() => startCloudSync(s.ctx('admin'), { missionId: 999_999 }))).toBe('not_found');
    expect(await outcome(() => startCloudUnsync(s.ctx('customer'), { missionId: s.w.m.rheinForeign.id }))).toBe('not_authorized');
  });
});
