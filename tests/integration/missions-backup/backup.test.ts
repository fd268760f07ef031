import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, gunzipSync, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import * as tar from 'tar-stream';
import { createDatasetFromJson } from '@/lib/server/datasets/create-dataset';
import { auditEvent, building, dataset, job, mission, missionShare, missionTag } from '@/lib/server/db/schema';
import { getMissionBackup, listMissionBackups, missionBackupFile, startMissionBackup } from '@/lib/server/missions/backup/mission-backups';
import { restoreMission } from '@/lib/server/missions/backup/restore-mission';
import { createBuildingFromJson } from '@/lib/server/missions/create-building';
import { deleteBuilding } from '@/lib/server/missions/delete-building';
import { revokeMissionShareFromJson } from '@/lib/server/missions/revoke-mission-share';
import { updateMissionFromJson } from '@/lib/server/missions/update-mission';
import type { Storage } from '@/lib/server/storage/types';
import { attachMissionTagFromJson } from '@/lib/server/tags/attach-mission-tag';
import { createTagFromJson } from '@/lib/server/tags/create-tag';
import { detachMissionTagFromJson } from '@/lib/server/tags/detach-mission-tag';
import * as api from '@/lib/shared/api/endpoints/mission-backups';
import { outcome, type TestDb, type World } from '../missions/fixtures';
import { keysUnder, readAll } from '../storage/helpers';
import { sha, startBackupWorld, type BackupWorld } from './backup-world';

/*
 * Backup and restore against real PostgreSQL and the real job worker. The verbs use the app's own
 * database and storage singletons, so this file points DATABASE_URL and STORAGE_DIR at a fresh
 * database and a temporary folder before anything opens them.
 */

let t: TestDb;
let w: World;
let store: Storage;
let world: BackupWorld;

beforeAll(async () => {
  world = await startBackupWorld('backup');
  ({ t, w, store } = world);
});

afterAll(() => world?.close());

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Everything a restore may touch, as plain data (versions and change times left out where a restore must move them). */
async function snapshot(missionId: number) {
  const [m] = await t.db.select().from(mission).where(eq(mission.id, missionId));
  const { version: _v, updatedAt: _u, backupState: _s, backedUpAt: _b, ...row } = m ?? ({} as NonNullable<typeof m>);
  void [_v, _u, _s, _b];
  const files: Record<string, string> = {};
  for (const key of await keysUnder(store, `missions/${missionId}/`)) files[key] = sha(await readAll((await store.get(key)).body));
  return {
    mission: m ? row : null,
    buildings: await t.db.select().from(building).where(eq(building.missionId, missionId)).orderBy(asc(building.id)),
    tags: (await t.db.select().from(missionTag).where(eq(missionTag.missionId, missionId)).orderBy(asc(missionTag.tagId))).map((r) => r.tagId),
    shares: await t.db.select().from(missionShare).where(eq(missionShare.missionId, missionId)).orderBy(asc(missionShare.customerId)),
    datasets: await t.db.select().from(dataset).where(eq(dataset.missionId, missionId)).orderBy(asc(dataset.id)),
    files,
  };
}

/** Every row of the tables a restore writes, and every stored key: "nothing written" means this does not change. */
async function everything() {
  const count = async (table: string) => Number((await t.pool.query(`select count(*)::int as n, coalesce(sum(hashtext(t::text)), 0)::text as h from ${table} t`)).rows[0].h);
  return {
    mission: await count('mission'),
    building: await count('building'),
    mission_tag: await count('mission_tag'),
    mission_share: await count('mission_share'),
    dataset: await count('dataset'),
    tag: await count('tag'),
    audit_event: await count('audit_event'),
    measurement: await count('measurement'),
    rendered_slice: await count('rendered_slice'),
    tour: await count('tour'),
    tour_image: await count('tour_image'),
    tour_panorama: await count('tour_panorama'),
    keys: await keysUnder(store, ''),
  };
}

async function backupNow(missionId: number): Promise<Buffer> {
  const started = await startMissionBackup(w.ctx('admin'), { missionId });
  expect(api.startMissionBackup.response.safeParse(started).success).toBe(true);
  const finished = await waitFor(() => getMissionBackup(w.ctx('admin'), { missionId, backupId: started.id }), (b) => b.state === 'succeeded' || b.state === 'failed');
  expect(finished).toMatchObject({ state: 'succeeded', progress: 100, downloadUrl: `/api/v2/missions/${missionId}/backup/${started.id}/archive` });
  const file = await missionBackupFile(w.ctx('admin'), { missionId, backupId: started.id });
  return readAll((await store.get(file.key)).body);
}

const restore = (role: Parameters<World['ctx']>[0], missionId: number, archive: Buffer, version?: number) =>
  restoreMission(w.ctx(role), { missionId, version, body: Readable.from([archive]), contentType: 'application/gzip', size: archive.length });

const versionOf = (missionId: number) => world.versionOf(missionId);

// --- tampering with a real archive ---
interface Entry {
  name: string;
  body: Buffer;
}
async function unpack(archive: Buffer): Promise<Entry[]> {
  const extract = tar.extract();
  const entries: Entry[] = [];
  const done = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const c of entry) chunks.push(c as Buffer);
      entries.push({ name: entry.header.name, body: Buffer.concat(chunks) });
    }
  })();
  extract.end(gunzipSync(archive));
  await done;
  return entries;
}
async function pack(entries: Entry[]): Promise<Buffer> {
  const p = tar.pack();
  for (const e of entries) p.entry({ name: e.name, size: e.body.length }, e.body);
  p.finalize();
  const chunks: Buffer[] = [];
  for await (const c of p) chunks.push(c as Buffer);
  return gzipSync(Buffer.concat(chunks));
}
type Manifest = { formatVersion: number; entries: { path: string; sha256: string; size: number }[] };
const manifestOf = (entries: Entry[]) => JSON.parse(entries[0]!.body.toString()) as Manifest;
const setManifest = (entries: Entry[], m: Manifest) => [{ name: 'manifest.json', body: Buffer.from(JSON.stringify(m)) }, ...entries.slice(1)];
/** Replaces a record file and lists its new checksum, so only the record's content is wrong. */
function replaceRecord(entries: Entry[], name: string, body: Buffer): Entry[] {
  const m = manifestOf(entries);
  m.entries = m.entries.map((e) => (e.path === name ? { ...e, sha256: sha(body), size: body.length } : e));
  return setManifest(entries.map((e) => (e.name === name ? { name, body } : e)), m);
}

describe('mission backup and restore', () => {
  let missionId: number;
  let archive: Buffer;
  let before: Awaited<ReturnType<typeof snapshot>>;
  const fileKey = () => `missions/${missionId}/datasets/scan-1/original.bin`;

  it('backs up a mission with its records and stored files through the job, with progress and download', async () => {
    missionId = w.m.rheinShared.id; // shared with customers 6 and 37
    const tag = await createTagFromJson(w.ctx('admin'), { name: 'Denkmal', color: '#aa3300' });
    await attachMissionTagFromJson(w.ctx('admin'), { missionId, tagId: tag.id });
    await store.put(fileKey(), Buffer.from('raw scan bytes'), { contentType: 'application/octet-stream' });
    await createDatasetFromJson(t.system, { missionId, datasetId: 'SCAN-BACKUP-1', type: 'indoor', status: 'processed', progress: 100, storageKey: fileKey(), sizeBytes: 14 });
    await updateMissionFromJson(w.ctx('admin'), { id: missionId, version: await versionOf(missionId), status: 'in_progress', description: 'Vor der Sicherung' });
    before = await snapshot(missionId);
    expect(before.tags).toHaveLength(1);
    expect(before.shares).toHaveLength(2);
    expect(Object.keys(before.files)).toEqual([fileKey()]);

    archive = await backupNow(missionId);
    const names = (await unpack(archive)).map((e) => e.name);
    expect(names[0]).toBe('manifest.json');
    expect(names).toEqual(expect.arrayContaining(['records/mission.json', 'records/buildings.json', 'records/audit-events.json', 'files/datasets/scan-1/original.bin']));
    const [row] = await t.db.select({ backupState: mission.backupState, backedUpAt: mission.backedUpAt }).from(mission).where(eq(mission.id, missionId));
    expect(row).toMatchObject({ backupState: 'done', backedUpAt: expect.any(Date) });
    const list = await listMissionBackups(w.ctx('advanced'), { missionId });
    expect(api.listMissionBackups.response.safeParse({ items: list }).success).toBe(true);
    expect(list[0]).toMatchObject({ state: 'succeeded', sizeBytes: archive.length, fileName: expect.stringMatching(/^mission-\d+-backup-.*\.tar\.gz$/) });
    const [jobRow] = await t.db.select().from(job).where(and(eq(job.missionId, missionId), eq(job.type, 'mission.backup')));
    expect(jobRow).toMatchObject({ state: 'succeeded', progress: 100, createdBy: w.ids.admin });
    const audit = await t.db.select().from(auditEvent).where(and(eq(auditEvent.missionId, missionId), eq(auditEvent.action, 'backup')));
    expect(audit).toEqual([expect.objectContaining({ actorId: w.ids.admin, diff: { jobId: jobRow!.id } })]);
  });

  it('restores the backup over a changed mission: the round trip equals the original', async () => {
    // Change everything a restore must bring back.
    await updateMissionFromJson(w.ctx('admin'), { id: missionId, version: await versionOf(missionId), name: 'Ganz anders', status: 'delivered', description: 'Danach' });
    const [firstBuilding] = before.buildings;
    await createBuildingFromJson(w.ctx('admin'), { missionId, name: 'Anbau', footprint: firstBuilding!.footprint, levels: 2 });
    await deleteBuilding(w.ctx('admin'), { id: firstBuilding!.id });
    await detachMissionTagFromJson(w.ctx('admin'), { missionId, tagId: before.tags[0]! });
    await revokeMissionShareFromJson(w.ctx('admin'), { missionId, customerId: w.customers.c6.id });
    await t.db.delete(dataset).where(eq(dataset.missionId, missionId));
    await store.put(fileKey(), Buffer.from('overwritten'), { contentType: 'application/octet-stream' });
    expect(await snapshot(missionId)).not.toEqual(before);
    const auditBefore = (await t.db.select().from(auditEvent).where(eq(auditEvent.missionId, missionId))).length;

    const version = await versionOf(missionId);
    const result = await restore('admin', missionId, archive, version);
    expect(api.restoreMission.response.safeParse(result).success).toBe(true);
    expect(result).toMatchObject({ missionId, version: version + 1, recreated: false, restored: { buildings: 1, tags: 1, shares: 2, datasets: 1, files: 1 } });
    expect(await snapshot(missionId)).toEqual(before);
    // The trail keeps every change and records the restore; nothing of the scratch space is left.
    const trail = await t.db.select().from(auditEvent).where(eq(auditEvent.missionId, missionId)).orderBy(asc(auditEvent.id));
    expect(trail).toHaveLength(auditBefore + 1);
    expect(trail.at(-1)).toMatchObject({ action: 'restore', actorId: w.ids.admin, diff: expect.objectContaining({ versionBefore: version, recreated: false }) });
    expect(await keysUnder(store, 'tmp/restores/')).toEqual([]);
  });

  it('recreates a mission that no longer exists, with its id, and keeps later ids free', async () => {
    await t.db.delete(mission).where(eq(mission.id, missionId));
    expect((await snapshot(missionId)).mission).toBeNull();
    // Nothing to check a version against: none is needed.
    const result = await restore('admin', missionId, archive);
    expect(result.recreated).toBe(true);
    expect(await snapshot(missionId)).toEqual(before);
    const [fresh] = await t.pool.query(`insert into building (mission_id, name, footprint, ground_area, facade_area, perimeter) values ($1, 'Neu', $2, 1, 1, 1) returning id`, [
      missionId,
      JSON.stringify(before.buildings[0]!.footprint),
    ]).then((r) => r.rows as { id: string }[]);
    expect(Number(fresh!.id)).toBeGreaterThan(Math.max(...before.buildings.map((b) => b.id)));
    await t.pool.query('delete from building where id = $1', [fresh!.id]);
  });

  describe('a refused archive writes nothing', () => {
    let entries: Entry[];
    let state: Awaited<ReturnType<typeof everything>>;
    beforeAll(async () => {
      entries = await unpack(archive);
      // A changed mission, so "nothing written" is visible: a restore would undo this.
      await updateMissionFromJson(w.ctx('admin'), { id: missionId, version: await versionOf(missionId), name: 'Nach der Wiederherstellung' });
    });
    beforeEach(async () => {
      state = await everything();
    });
    afterEach(async () => {
      expect(await everything()).toEqual(state);
      expect((await snapshot(missionId)).mission?.name).toBe('Nach der Wiederherstellung');
    });

    const refusal = async (bytes: Buffer, version?: number) => {
      try {
        await restore('admin', missionId, bytes, version ?? (await versionOf(missionId)));
        return 'accepted';
      } catch (err) {
        const e = err as { code?: string; details?: { reason?: string } };
        return `${e.code}:${e.details?.reason ?? ''}`;
      }
    };

    it('bad checksum of a record', async () => {
      const tampered = entries.map((e) => (e.name === 'records/mission.json' ? { ...e, body: Buffer.from(e.body.toString().replace('"name"', '"name" ')) } : e));
      expect(await refusal(await pack(tampered))).toBe('unprocessable:checksum');
    });

    it('bad checksum of a stored file', async () => {
      const tampered = entries.map((e) => (e.name.startsWith('files/') ? { ...e, body: Buffer.from('raw scan bytez') } : e));
      expect(await refusal(await pack(tampered))).toBe('unprocessable:checksum');
    });

    it('wrong format version', async () => {
      expect(await refusal(await pack(setManifest(entries, { ...manifestOf(entries), formatVersion: 4 })))).toBe('unprocessable:version');
    });

    it('a traversal path, listed or not', async () => {
      const evil = { name: '../../../etc/cron.d/argus', body: Buffer.from('* * * * * root true') };
      expect(await refusal(await pack([...entries, evil]))).toBe('unprocessable:path');
      const m = manifestOf(entries);
      m.entries.push({ path: 'files/../../../etc/passwd', sha256: sha(evil.body), size: evil.body.length });
      expect(await refusal(await pack([...setManifest(entries, m), { name: 'files/../../../etc/passwd', body: evil.body }]))).toBe('unprocessable:manifest');
    });

    it('a record that breaks its schema (checksums right)', async () => {
      const missionJson = JSON.parse(entries.find((e) => e.name === 'records/mission.json')!.body.toString()) as Record<string, unknown>;
      const bad = Buffer.from(JSON.stringify({ ...missionJson, status: 'teleported' }));
      expect(await refusal(await pack(replaceRecord(entries, 'records/mission.json', bad)))).toBe('unprocessable:record');
      const buildings = JSON.parse(entries.find((e) => e.name === 'records/buildings.json')!.body.toString()) as Record<string, unknown>[];
      const foreign = Buffer.from(JSON.stringify(buildings.map((b) => ({ ...b, missionId: w.m.nord.id }))));
      expect(await refusal(await pack(replaceRecord(entries, 'records/buildings.json', foreign)))).toBe('unprocessable:record');
    });

    it('records that conflict inside the transaction roll back whole', async () => {
      // The backup's dataset id now belongs to another mission: buildings etc. are written first, then the insert fails.
      await t.db.delete(dataset).where(eq(dataset.missionId, missionId));
      await createDatasetFromJson(t.system, { missionId: w.m.nord.id, datasetId: 'SCAN-BACKUP-1' });
      state = await everything();
      expect(await refusal(archive)).toBe('unprocessable:record');
      await t.db.delete(dataset).where(eq(dataset.datasetId, 'SCAN-BACKUP-1'));
      state = await everything();
    });

    it('a backup of another mission, a stale version, a missing version, not a backup at all', async () => {
      await expect(restore('admin', w.m.nord.id, archive, await versionOf(w.m.nord.id))).rejects.toMatchObject({ code: 'unprocessable', details: { reason: 'mission' } });
      expect(await refusal(archive, (await versionOf(missionId)) - 1)).toBe('version_conflict:');
      await expect(restore('admin', missionId, archive)).rejects.toMatchObject({ code: 'validation', details: { fields: { version: expect.any(Array) } } });
      expect(await refusal(Buffer.from('not an archive'))).toBe('unprocessable:format');
      await expect(
        restoreMission(w.ctx('admin'), { missionId, version: await versionOf(missionId), body: Readable.from([archive]), contentType: 'text/plain', size: archive.length }),
      ).rejects.toMatchObject({ code: 'unsupported_media_type' });
    });
  });

  describe('a restore archive past a limit is refused with memory bounded, writing nothing', () => {
    let state: Awaited<ReturnType<typeof everything>>;
    beforeEach(async () => {
      state = await everything();
    });
    afterEach(async () => {
      expect(await everything()).toEqual(state);
    });

    const MiB = 1024 * 1024;
    /** A record file made of `head`, `count` repeats of `unit` and `tail`, produced piece by piece (never whole in memory). */
    function generated(head: string, unit: string, count: number, tail: string) {
      const block = Buffer.from(unit.repeat(Math.max(1, Math.floor(64 * 1024 / unit.length))));
      const perBlock = block.length / unit.length;
      const size = head.length + unit.length * count + tail.length;
      async function* chunks() {
        yield Buffer.from(head);
        for (let left = count; left > 0; left -= perBlock) yield left >= perBlock ? block : Buffer.from(unit.repeat(left));
        yield Buffer.from(tail);
      }
      return { size, chunks };
    }
    /** The real backup with one record file replaced by a generated one (listed with its true size and checksum), tar.gz'd as a stream. */
    async function archiveWith(name: string, record: ReturnType<typeof generated>): Promise<Buffer> {
      const entries = await unpack(archive);
      const hash = createHash('sha256');
      for await (const c of record.chunks()) hash.update(c);
      const m = manifestOf(entries);
      m.entries = m.entries.map((e) => (e.path === name ? { ...e, sha256: hash.digest('hex'), size: record.size } : e));
      const p = tar.pack();
      const gz = createGzip({ level: 9 });
      const out: Buffer[] = [];
      const collected = (async () => {
        for await (const c of p.pipe(gz)) out.push(c as Buffer);
      })();
      for (const e of setManifest(entries, m)) {
        if (e.name !== name) {
          p.entry({ name: e.name, size: e.body.length }, e.body);
          continue;
        }
        await new Promise<void>((resolve, reject) => {
          const sink = p.entry({ name, size: record.size }, (err) => (err ? reject(err) : resolve()));
          pipeline(Readable.from(record.chunks()), sink).catch(reject);
        });
      }
      p.finalize();
      await collected;
      return Buffer.concat(out);
    }
    /** Restores and samples the process's memory meanwhile: the peak growth of RSS and heap above the start. */
    async function restoreMeasured(bytes: Buffer) {
      const start = process.memoryUsage();
      let rss = 0;
      let heap = 0;
      const sample = () => {
        const now = process.memoryUsage();
        rss = Math.max(rss, now.rss - start.rss);
        heap = Math.max(heap, now.heapUsed - start.heapUsed);
      };
      const sampler = setInterval(sample, 2);
      let outcome: string;
      try {
        await restore('admin', missionId, bytes, await versionOf(missionId));
        outcome = 'accepted';
      } catch (err) {
        const e = err as { code?: string; details?: { limit?: string; reason?: string } };
        outcome = `${e.code}:${e.details?.limit ?? e.details?.reason ?? ''}`;
      } finally {
        clearInterval(sampler);
      }
      sample();
      return { outcome, rss, heap };
    }

    it('a gzip bomb: 256 MiB of record that compress 1000x, sizes and checksums listed right', async () => {
      const record = generated('[', ' ', 256 * MiB, ']');
      const bomb = await archiveWith('records/audit-events.json', record);
      expect(bomb.length).toBeLessThan(record.size / 900);
      const { outcome, rss, heap } = await restoreMeasured(bomb);
      expect(outcome).toBe('payload_too_large:expansionRatio');
      // Refused after a few megabytes: the memory grows nowhere near the 256 MiB the archive expands to.
      expect(rss).toBeLessThan(64 * MiB);
      expect(heap).toBeLessThan(64 * MiB);
    });

    it('a 5 MiB JSON array in a few kilobytes: refused at its first bad record, and past the record count', async () => {
      const empties = generated('[', '{},', Math.floor((5 * MiB) / 3), '{}]');
      const arrayArchive = await archiveWith('records/audit-events.json', empties);
      expect(arrayArchive.length).toBeLessThan(16 * 1024);
      const bad = await restoreMeasured(arrayArchive);
      expect(bad.outcome).toBe('unprocessable:record');
      // JSON.parse alone would build 1.7 million objects here (and zod a list of issues for each).
      expect(bad.heap).toBeLessThan(32 * MiB);

      const tags = generated('[', '{"id":1,"name":"t","color":null},', 160_000, '{"id":1,"name":"t","color":null}]');
      const counted = await restoreMeasured(await archiveWith('records/tags.json', tags));
      expect(counted.outcome).toBe('payload_too_large:recordsPerSet');
      expect(counted.heap).toBeLessThan(64 * MiB);
    });
  });

  describe('authorization', () => {
    it('only internal users back up, list, download and restore; others get the mission answer', async () => {
      const nord = w.m.nord.id;
      const roles = ['customer', 'customer2', 'operator', 'external'] as const;
      for (const role of roles) {
        expect(await outcome(() => startMissionBackup(w.ctx(role), { missionId: nord }))).toBe('not_authorized');
        expect(await outcome(() => listMissionBackups(w.ctx(role), { missionId: missionId }))).toBe('not_authorized');
        const [done] = await listMissionBackups(w.ctx('admin'), { missionId });
        expect(await outcome(() => missionBackupFile(w.ctx(role), { missionId, backupId: done!.id }))).toBe('not_authorized');
        expect(await outcome(() => restore(role, missionId, archive, 1))).toBe('not_authorized');
      }
      expect(await outcome(() => startMissionBackup(w.ctx('admin'), { missionId: 999_999 }))).toBe('not_found');
      // A restore of a mission that does not exist: internal users may recreate it, others learn nothing.
      expect(await outcome(() => restore('customer', 999_999, archive))).toBe('not_found');
      // Another mission's backup is not reachable through this mission.
      const [done] = await listMissionBackups(w.ctx('admin'), { missionId });
      expect(await outcome(() => getMissionBackup(w.ctx('admin'), { missionId: nord, backupId: done!.id }))).toBe('not_found');
    });

    it('answers the running backup instead of starting a second one', async () => {
      await world.worker.stop();
      const first = await startMissionBackup(w.ctx('admin'), { missionId: w.m.nord.id });
      const second = await startMissionBackup(w.ctx('advanced'), { missionId: w.m.nord.id });
      expect(second.id).toBe(first.id);
      const open = await t.db.select().from(job).where(and(eq(job.missionId, w.m.nord.id), sql`${job.state} in ('queued', 'running')`));
      expect(open).toHaveLength(1);
      const [row] = await t.db.select({ backupState: mission.backupState }).from(mission).where(eq(mission.id, w.m.nord.id));
      expect(row!.backupState).toBe('pending');
    });
  });
});
