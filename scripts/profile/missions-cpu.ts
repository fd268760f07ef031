/**
 * `npx tsx --conditions=react-server scripts/profile/missions-cpu.ts [requests] [--profile]`: the
 * targets of the missions benchmark (100 000 seeded missions, admin@) without the bare-page build,
 * reporting CPU milliseconds per request of each process next to the wall clock — the figure to
 * compare between changes on a shared machine. `--profile` also writes a .cpuprofile per process
 * (scripts/profile/cpu-profile-hook.mjs; sum them with scripts/profile/summary.ts); `--explain` prints
 * the plan and time of every query of the list and the detail (missions-explain.ts); `--only=a,b`
 * measures only those targets; `--save=dir` writes one answer of each target there. With `--profile`
 * each measured target gets its own profiles (a folder per target, the warm-up left out), so a
 * list request and a detail render can be read apart.
 */
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabaseIfMissing, throwawayDatabase } from '../lib/database';
import { prefixed } from '../lib/log';
import { collectProfiles } from './collect-profiles';
import { applyMigrations } from '../lib/migrate';
import { cookieHeader, prepareStack, signIn, startStack, stopStack } from '../bench/lib/app';
import { cpuMeter, pidListeningOn } from '../bench/lib/process-cpu';
import { seedMissions } from '../bench/missions.bench';
import { explainMissionQueries } from './missions-explain';
import { percentile } from '../bench/stats';

const log = prefixed('missions-cpu', 5);

async function main() {
  const args = process.argv.slice(2);
  const profile = args.includes('--profile');
  const requests = Number(args.find((a) => /^\d+$/.test(a)) ?? '300');
  const only = args.find((a) => a.startsWith('--only='))?.slice(7);
  const out = mkdtempSync(join(tmpdir(), 'argus-profile-'));
  const database = await throwawayDatabase(prefixed('postgres', 1));
  const url = await createDatabaseIfMissing(database.url, 'missions_cpu');
  await applyMigrations(url);
  const stack = await prepareStack(url, 'missions-cpu');
  if (profile) {
    stack.env.NODE_OPTIONS = `--import ${join(__dirname, 'cpu-profile-hook.mjs')}`;
    stack.env.ARGUS_PROFILE_DIR = out;
    stack.env.ARGUS_PROFILE_SEGMENTS = '1';
  }
  /** The profiles written since the last call, moved into `out/<name>` (or dropped when name is null). */
  const profileSegment = async (name: string | null) => {
    await collectProfiles(out);
    const written = readdirSync(out).filter((f) => f.endsWith('.cpuprofile'));
    if (name) mkdirSync(join(out, name), { recursive: true });
    for (const f of written) {
      if (name) renameSync(join(out, f), join(out, name, f.replace(/-\d+\.cpuprofile$/, '.cpuprofile')));
      else rmSync(join(out, f));
    }
  };
  try {
    await startStack(stack, 900_000);
    const { detailId, deepCursor } = await seedMissions(url);
    const cookie = cookieHeader(await signIn(stack.app, 'admin@example.com', 'Argus-Demo-2026!'));
    const roots = {
      app: pidListeningOn(stack.port)!,
      identity: pidListeningOn(stack.identityPublic)!,
      postgres: pidListeningOn(Number(new URL(url).port))!,
    };
    log(`processes: ${JSON.stringify(roots)}`);
    const targets: Record<string, string> = {
      listFirst: '/api/v2/missions',
      listDeep: `/api/v2/missions?cursor=${deepCursor}`,
      listByName: '/api/v2/missions?sort=name&order=asc',
      listByDeliveryDate: '/api/v2/missions?sort=deliveryDate&order=desc',
      detail: `/mission/${detailId}`,
      missionList: '/mission-list',
      // --paths=name:/path,…: other pages measured the same way (e.g. to take a page apart).
      ...Object.fromEntries((args.find((a) => a.startsWith('--paths='))?.slice(8).split(',') ?? []).map((kv) => [kv.slice(0, kv.indexOf(':')), kv.slice(kv.indexOf(':') + 1).replace('{detail}', String(detailId))])),
    };
    const get = async (path: string) => {
      const res = await fetch(stack.app + path, { headers: { Cookie: cookie, Accept: 'text/html,application/json', 'Sec-Fetch-Dest': 'document' }, redirect: 'manual' });
      const body = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      return body.byteLength;
    };
    if (args.includes('--explain')) await explainMissionQueries(url, detailId, deepCursor, log);
    const save = args.find((a) => a.startsWith('--save='))?.slice(7);
    if (save) {
      // One answer of each target, as the browser gets it (to look at what a page sends).
      for (const [name, path] of Object.entries(targets)) {
        const res = await fetch(stack.app + path, { headers: { Cookie: cookie, Accept: 'text/html,application/json' } });
        writeFileSync(join(save, `${name}.${res.headers.get('content-type')?.includes('json') ? 'json' : 'html'}`), await res.text());
      }
    }
    const meter = cpuMeter(roots);
    for (const [name, path] of Object.entries(targets)) {
      if (only && !only.split(',').includes(name)) continue;
      for (let i = 0; i < 30; i++) await get(path);
      if (profile) await profileSegment(null);
      let left = requests;
      let bytes = 0;
      const samples: number[] = [];
      meter.sample();
      const own = process.cpuUsage();
      const started = performance.now();
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          while (left-- > 0) {
            const t = performance.now();
            bytes = await get(path);
            samples.push(performance.now() - t);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const used = meter.sample();
      const mine = process.cpuUsage(own);
      if (profile) await profileSegment(name);
      const perRequest = Object.fromEntries(Object.entries({ ...used, loadgen: (mine.user + mine.system) / 1000 }).map(([k, v]) => [k, Math.round((v / requests) * 10) / 10]));
      log(
        `${name}: ${(requests / seconds).toFixed(1)}/s p50 ${percentile(samples, 50)} p95 ${percentile(samples, 95)} ms, ${bytes} B; CPU ms/request ${JSON.stringify(perRequest)}; load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
      );
    }
  } finally {
    await stopStack(stack);
    await database.stop();
  }
  if (profile) log(`profiles in ${out}, a folder per target: ${readdirSync(out).join(', ')}`);
  process.exit(0);
}

void main();
