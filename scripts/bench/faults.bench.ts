/**
 * Faults (issue 13, "Measure"): what the stack does when a part of it dies under load.
 *
 * (a) PostgreSQL stopped for 10 s under write load: CLIENTS concurrent clients create missions
 *     through the API; the database stops for 10 s and starts again. Reported: requests answered
 *     with an error or not at all (by status), seconds until the first write succeeds again, and
 *     acknowledged writes lost: every mission id answered with 201 is looked up afterwards (must be 0).
 * (b) `kill -9` of the app under the same load: the orchestrator (scripts/start.ts) restarts it.
 *     Reported: errors, seconds until it answers again, acknowledged writes lost (must be 0).
 * (c) a worker killed (`kill -9`) while it packs a mission backup: seconds from the kill until the
 *     job is done by another worker (here the one the orchestrator restarts; goal ≤ 60).
 *
 * Method. Its own embedded PostgreSQL (tests/support/restartable-postgres.ts, a child process
 * that stops and starts the server on request) instead of run.ts's throwaway one, which cannot be
 * stopped alone; the stack runs on it as `npm test -- e2e` runs it (scripts/start.ts: production
 * build, identity service, worker, app, demo seed), so the restarts are the orchestrator's own.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from 'pg';
import { createFsStorage } from '../../lib/server/storage/fs-driver';
import { root } from '../lib/context';
import { createDatabaseIfMissing } from '../lib/database';
import { prefixed } from '../lib/log';
import { applyMigrations } from '../lib/migrate';
import { DEMO_PASSWORD } from '../seed/demo-accounts';
import { cookieHeader, prepareStack, signIn, startStack, stopStack, type BenchStack } from './lib/app';

const CLIENTS = 8;
const OUTAGE_MS = 10_000;
const log = prefixed('faults', 5);
const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** The restartable PostgreSQL child: "stop" / "start" / "quit" on stdin, one answer line each. */
async function startPostgres(): Promise<{ url: string; send(command: 'stop' | 'start'): Promise<void>; quit(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'tests', 'support', 'restartable-postgres.ts')], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async () => String((await lines.next()).value ?? '');
  const ready = await next();
  if (!ready.startsWith('ready ')) throw new Error(`restartable PostgreSQL did not start: ${ready}`);
  return {
    url: ready.slice('ready '.length),
    async send(command) {
      child.stdin!.write(`${command}\n`);
      const answer = await next();
      if (answer !== (command === 'stop' ? 'stopped' : 'started')) throw new Error(`PostgreSQL ${command}: ${answer}`);
    },
    async quit() {
      child.stdin!.write('quit\n');
      await new Promise((done) => child.once('exit', done));
    },
  };
}

/** Every process below `pid` with its command line (from `ps`), children before grandchildren. */
function descendants(pid: number): Array<{ pid: number; args: string }> {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3]! }));
  const found: Array<{ pid: number; args: string }> = [];
  const queue = [pid];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const row of rows.filter((r) => r.ppid === parent)) {
      found.push({ pid: row.pid, args: row.args });
      queue.push(row.pid);
    }
  }
  return found;
}

/** The process of one service started by the stack's orchestrator, found by its command line. */
function serviceProcess(stack: BenchStack, matches: (args: string) => boolean): number {
  const orchestrator = stack.running[0]!.child.pid!;
  const hit = descendants(orchestrator).find((p) => matches(p.args));
  if (!hit) throw new Error('service process not found');
  return hit.pid;
}

interface Load {
  acknowledged: number[];
  errors: Record<string, number>;
  /** Resolves with the time of the first acknowledged write after `t` (epoch ms); rejects after 3 min. */
  firstOkAfter(t: number): Promise<number>;
  /** The time of the first failed request after `t` (epoch ms). */
  firstErrorAfter(t: number): Promise<number>;
  stop(): Promise<void>;
}

/** CLIENTS clients creating missions back to back until stopped; records 201s and errors. */
function writeLoad(origin: string, cookie: string, companyId: number): Load {
  const acknowledged: number[] = [];
  const okTimes: number[] = [];
  const errorTimes: number[] = [];
  const errors: Record<string, number> = {};
  let running = true;
  const body = (n: number) =>
    JSON.stringify({
      name: `Fault bench ${n}`,
      companyId,
      products: ['pointcloud'],
      buildings: [{ name: 'Haus', levels: 2, footprint: { type: 'Polygon', coordinates: [[[11.5755, 48.1374], [11.5758, 48.1374], [11.5758, 48.1375], [11.5755, 48.1375], [11.5755, 48.1374]]] } }],
    });
  let n = 0;
  const client = async () => {
    while (running) {
      n += 1;
      try {
        const res = await fetch(`${origin}/api/v2/missions`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json', Origin: origin, Cookie: cookie },
          body: body(n),
          signal: AbortSignal.timeout(15_000),
        });
        const text = await res.text();
        if (res.status === 201) {
          acknowledged.push((JSON.parse(text) as { id: number }).id);
          okTimes.push(Date.now());
        } else {
          errors[String(res.status)] = (errors[String(res.status)] ?? 0) + 1;
          errorTimes.push(Date.now());
          await new Promise((r) => setTimeout(r, 100)); // a real client backs off a little
        }
      } catch (err) {
        const key = (err as Error).name === 'TimeoutError' ? 'timeout' : 'no answer';
        errors[key] = (errors[key] ?? 0) + 1;
        errorTimes.push(Date.now());
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };
  const clients = Array.from({ length: CLIENTS }, client);
  return {
    acknowledged,
    errors,
    firstOkAfter: (t) => firstAfter(okTimes, t, 'no write succeeded'),
    firstErrorAfter: (t) => firstAfter(errorTimes, t, 'no request failed'),
    async stop() {
      running = false;
      await Promise.all(clients);
    },
  };
}

async function firstAfter(times: number[], t: number, what: string): Promise<number> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const hit = times.find((x) => x > t);
    if (hit) return hit;
    if (Date.now() > deadline) throw new Error(`${what} within 3 minutes`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Acknowledged mission ids missing from the database. */
async function lostWrites(databaseUrl: string, ids: number[]): Promise<number> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from mission where id = any($1::bigint[])', [ids]);
    return ids.length - rows[0]!.n;
  } finally {
    await db.end();
  }
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const total = (errors: Record<string, number>) => Object.values(errors).reduce((a, b) => a + b, 0);

export default async function run(): Promise<Record<string, unknown>> {
  const postgres = await startPostgres();
  const databaseUrl = await createDatabaseIfMissing(postgres.url, 'argus_faults');
  await applyMigrations(databaseUrl);
  const stack = await prepareStack(databaseUrl, 'faults');
  try {
    await startStack(stack, 900_000);
    const cookie = cookieHeader(await signIn(stack.app, 'admin@example.com', DEMO_PASSWORD));
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ id: string }>("select id from company where type = 'customer' order by id limit 1");
    await db.end();
    const companyId = Number(rows[0]!.id);

    // (a) the database away for 10 s
    const a = writeLoad(stack.app, cookie, companyId);
    await a.firstOkAfter(0);
    await wait(2000);
    log('stopping PostgreSQL for 10 s under write load');
    await postgres.send('stop');
    await wait(OUTAGE_MS);
    await postgres.send('start');
    const back = Date.now();
    const recovered = await a.firstOkAfter(back);
    await wait(3000);
    await a.stop();
    const database = {
      clients: CLIENTS,
      outageSeconds: OUTAGE_MS / 1000,
      acknowledgedWrites: a.acknowledged.length,
      errors: total(a.errors),
      errorsByKind: a.errors,
      secondsToFirstWriteAfterRestart: seconds(recovered - back),
      acknowledgedWritesLost: await lostWrites(databaseUrl, a.acknowledged),
    };
    log(`(a) ${JSON.stringify(database)}`);

    // (b) kill -9 of the app; the orchestrator restarts it
    const b = writeLoad(stack.app, cookie, companyId);
    await b.firstOkAfter(0);
    await wait(2000);
    // `next start` renames its process to `next-server (v…)`.
    const appPid = serviceProcess(stack, (args) => args.startsWith('next-server') || (args.includes('next') && args.includes(`--port ${stack.port}`)));
    log(`kill -9 of the app (pid ${appPid}) under write load`);
    const killedAt = Date.now();
    for (const p of [appPid, ...descendants(appPid).map((d) => d.pid)]) process.kill(p, 'SIGKILL');
    // Answers already on their way when the process died may still arrive: count from the first failure.
    const answering = await b.firstOkAfter(await b.firstErrorAfter(killedAt));
    await wait(3000);
    await b.stop();
    const app = {
      clients: CLIENTS,
      acknowledgedWrites: b.acknowledged.length,
      errors: total(b.errors),
      errorsByKind: b.errors,
      secondsUntilWritesSucceedAgain: seconds(answering - killedAt),
      acknowledgedWritesLost: await lostWrites(databaseUrl, b.acknowledged),
    };
    log(`(b) ${JSON.stringify(app)}`);

    // (c) a worker killed mid-job
    const missionId = b.acknowledged[0]!;
    const storage = createFsStorage(join(stack.dataDir, 'storage'));
    for (let i = 0; i < 24; i += 1) await storage.put(`missions/${missionId}/datasets/scan-${i}/original.bin`, randomBytes(3 * 1024 * 1024));
    const started = await fetch(`${stack.app}/api/v2/missions/${missionId}/backup`, { method: 'POST', headers: { Accept: 'application/json', Origin: stack.app, Cookie: cookie } });
    if (started.status >= 300) throw new Error(`backup not started: ${started.status} ${await started.text()}`);
    const jobId = ((await started.json()) as { id: string }).id;
    const watch = new Client({ connectionString: databaseUrl });
    await watch.connect();
    const row = async () => (await watch.query<{ state: string; progress: number; attempts: number }>('select state, progress, attempts from job where id = $1', [jobId])).rows[0]!;
    for (let r = await row(); !(r.state === 'running' && r.progress > 5); r = await row()) {
      if (r.state === 'succeeded' || r.state === 'failed') throw new Error(`the backup ended (${r.state}) before the worker could be killed`);
      await wait(50);
    }
    const workerPid = serviceProcess(stack, (args) => args.includes('scripts/worker.ts'));
    log(`kill -9 of the worker (pid ${workerPid}) while it packs backup ${jobId}`);
    const workerKilledAt = Date.now();
    process.kill(workerPid, 'SIGKILL');
    let last = await row();
    while (last.state !== 'succeeded' && last.state !== 'failed' && Date.now() - workerKilledAt < 180_000) {
      await wait(200);
      last = await row();
    }
    await watch.end();
    const worker = {
      jobState: last.state,
      attempts: last.attempts,
      secondsUntilDoneByAnotherWorker: seconds(Date.now() - workerKilledAt),
    };
    log(`(c) ${JSON.stringify(worker)}`);
    return { databaseStopped: database, appKilled: app, workerKilledMidJob: worker };
  } finally {
    await stopStack(stack);
    await postgres.quit();
  }
}
