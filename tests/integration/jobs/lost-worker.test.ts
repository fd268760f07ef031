import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import * as tar from 'tar-stream';
import { SYSTEM_ACTOR } from '@/lib/server/auth/actor';
import { db as appDb, pool as appPool } from '@/lib/server/db/client';
import { mission } from '@/lib/server/db/schema';
import { createDomainContext } from '@/lib/server/domain/contexts';
import { createBoss } from '@/lib/server/jobs/boss';
import { missionBackup } from '@/lib/server/worker-handlers';
import { createWorker, type Worker } from '@/lib/server/jobs/worker';
import type { BackupResult } from '@/lib/server/missions/backup/make-backup';
import { startMissionBackup } from '@/lib/server/missions/backup/mission-backups';
import { createFsStorage } from '@/lib/server/storage/fs-driver';
import { jobScratchPrefix } from '@/lib/server/storage/keys';
import type { Storage } from '@/lib/server/storage/types';
import { freshDatabase, migrateDb } from '@/tests/support/fresh-database';
import { buildWorld, type World } from '../missions/fixtures';
import { keysUnder, readAll, sha256, tempDir } from '../storage/helpers';
import { jobRow, waitFor } from './harness';

/*
 * issue 13 point 6: a worker process killed (SIGKILL) in the middle of a mission backup. Another
 * worker notices the missing heartbeat, fails the lost attempt and runs the job again within a
 * minute; the archive is whole and nothing of the killed attempt is left in storage.
 */

const FILES = 24;
const FILE_BYTES = 3 * 1024 * 1024; // random bytes do not compress: the backup takes a moment

let w: World;
let store: Storage;
let storageDir: string;
let databaseUrl: string;
let removeDir: () => Promise<void>;
let dropDatabase: () => Promise<void>;
let killed: ChildProcess | undefined;
let second: Worker | undefined;
const savedEnv = { DATABASE_URL: process.env.DATABASE_URL, STORAGE_DIR: process.env.STORAGE_DIR };

beforeAll(async () => {
  const fresh = await freshDatabase();
  dropDatabase = fresh.drop;
  databaseUrl = fresh.url;
  const dir = await tempDir('lost-worker');
  removeDir = dir.remove;
  storageDir = dir.path;
  process.env.DATABASE_URL = fresh.url;
  process.env.STORAGE_DIR = dir.path;
  await migrateDb(appDb());
  store = createFsStorage(dir.path);
  w = await buildWorld({ db: appDb(), pool: appPool(), system: createDomainContext({ db: appDb(), actor: SYSTEM_ACTOR, requestId: 'req-lost-worker' }), close: async () => {} });
});

afterAll(async () => {
  if (killed && killed.exitCode === null && killed.signalCode === null) killed.kill('SIGKILL');
  await second?.stop();
  await appPool().end();
  Object.assign(process.env, savedEnv);
  await dropDatabase?.();
  await removeDir?.();
});

/** `npm start`'s worker process (scripts/worker.ts) on the test's database and storage. */
function startWorkerProcess(): ChildProcess {
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/worker.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, DATABASE_URL: databaseUrl, STORAGE_DIR: storageDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.resume();
  child.stderr?.resume();
  return child;
}

async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

it('a backup whose worker was killed is finished by another worker within 60 s, whole, with no partial file left', async () => {
  const missionId = w.m.provider.id;
  for (let i = 0; i < FILES; i += 1) {
    await store.put(`missions/${missionId}/datasets/scan-${i}/original.bin`, randomBytes(FILE_BYTES), { contentType: 'application/octet-stream' });
  }

  killed = startWorkerProcess();
  const started = await startMissionBackup(w.ctx('admin'), { missionId });
  // Packing has begun (progress beyond the 5 % of collecting): the archive is half-written in scratch.
  await waitFor(() => jobRow(appDb(), started.id), (r) => r.state === 'running' && r.progress > 5, 120_000); // a worker process starts slowly on a busy machine
  killed.kill('SIGKILL');
  await new Promise((resolve) => killed!.once('exit', resolve));
  // The half-written archive: the filesystem driver's partial file for the job's scratch key.
  const partialDir = join(storageDir, 'partial', ...jobScratchPrefix(started.id).slice(0, -1).split('/'));
  expect(await filesIn(partialDir)).toHaveLength(1);

  // The dead attempt does not block: asking again answers the same open backup.
  expect((await startMissionBackup(w.ctx('admin'), { missionId })).id).toBe(started.id);

  const logs: string[] = [];
  const boss = createBoss({ pool: appPool(), supervise: false, pollingIntervalSeconds: 0.5 });
  second = createWorker({ boss, db: appDb(), storage: store, definitions: [missionBackup], pollingIntervalSeconds: 0.5, listenUrl: databaseUrl, log: (m) => logs.push(m) });
  await second.start();

  const done = await waitFor(() => jobRow(appDb(), started.id), (r) => r.state === 'succeeded' || r.state === 'failed', 60_000);
  expect(done).toMatchObject({ state: 'succeeded', attempts: 2, progress: 100, error: null });
  expect(logs.some((l) => l.includes(`${started.id}: attempt 1/3 lost (no heartbeat for 20 s); retrying now`))).toBe(true);

  // The archive is complete: its checksum matches and every stored file is in it, whole.
  const result = done.result as BackupResult;
  const archive = await readAll((await store.get(result.key)).body);
  expect(archive.length).toBe(result.size);
  expect(sha256(archive)).toBe(result.sha256);
  const sizes = new Map<string, number>();
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    sizes.set(header.name, header.size ?? 0);
    stream.on('end', next);
    stream.resume();
  });
  await new Promise<void>((resolve, reject) => {
    extract.on('finish', resolve);
    extract.on('error', reject);
    extract.end(gunzipSync(archive));
  });
  const stored = [...sizes.entries()].filter(([name]) => name.endsWith('original.bin'));
  expect(stored).toHaveLength(FILES);
  expect(stored.every(([, size]) => size === FILE_BYTES)).toBe(true);

  // Nothing partial is left: no scratch space, one archive for the mission, and the mission says done.
  expect(await keysUnder(store, 'tmp/')).toEqual([]);
  expect(await filesIn(join(storageDir, 'partial'))).toEqual([]);
  expect(await keysUnder(store, `backups/missions/${missionId}/`)).toEqual([result.key]);
  const [m] = await appDb().select({ backupState: mission.backupState }).from(mission).where(eq(mission.id, missionId));
  expect(m?.backupState).toBe('done');
}, 300_000);
