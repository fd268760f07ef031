/**
 * Missions at scale (issue 6, "Measure"): 100 000 missions in a throwaway database;
 * `/api/v2/missions` first page and a deep keyset page, the server-rendered `/mission/{id}`, and
 * a bare Next.js page that runs one keyed query (the ratio baseline) — p50/p95 in ms and requests/s
 * at 1 and 10 concurrent clients; plus the first-load JavaScript (gzip) of the list and detail
 * routes, read from the build.
 *
 * Method. The stack starts the way `npm test -- e2e` starts it (scripts/start.ts: production build,
 * identity service, worker, app, demo seed) on the bench database; then 100 000 missions (one
 * building and one audit event each, spread over the demo companies and customers, creation times a
 * minute apart) are added with set-based SQL and the tables analysed. Every request carries the
 * admin@ session (internal: sees all 100 000, so the lists really page through them).
 *
 * The bare page is not production code: a temporary copy of the app's sources gets one extra page
 * (`/bench-bare/{id}`: one `select … where id = $1` through the app's own database module, rendered
 * in the root layout), is built with `next build` in a temporary folder and served by `next start`
 * next to the real app, on the same database: Next's own server, which does not run the app's route
 * guard (scripts/app-server.mjs does). Since 7 Dec the app may serve from several processes
 * (APP_PROCESSES, scripts/lib/cluster.mjs; by default one per core but one), and the bare page's
 * `next start` then runs in as many (lib/bare-server.mjs): `serverProcesses` says how many; the
 * CPU figures of either server add up all its processes. So "bare" means: Next.js rendering a page
 * with one keyed query — no session check, no guard, no shell. Both are measured alternately
 * in rounds so drift on a busy machine hits both alike, after a first round that is not measured
 * (the warm-up: steady state is what the goals are about).
 *
 * Each figure carries the CPU milliseconds per request of each process (from /proc: the app or the
 * bare page's server, PostgreSQL, the identity service, this load generator) and the run records
 * the load average: on a shared machine the wall clock measures the others' work too, the CPU a
 * request costs barely does (`serverCpuVsBareAt10` compares the app's with the bare page's).
 * The measured requests go through a lean client (lib/lean-get.ts) that drains the gzip answer
 * as it comes, as a load generator on another machine would not compete for these two cores;
 * until 27 Nov they went through `fetch`, which inflated every answer here.
 *
 * Goals (issue 6): list p95 ≤ 100 ms and detail p95 ≤ 250 ms at 10 concurrent; detail ≥ 0.5× the
 * bare page's throughput; first-load JS of list and detail routes ≤ 150 kB gzip. Issue 20: one
 * identity call per navigation (whoami calls counted by a proxy, lib/identity-calls.ts).
 *
 * Run it on its own with `flock /tmp/argus-e2e.lock npm run bench missions` (it may rebuild the shared .next).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Client } from 'pg';
import { BUILD_SOURCES } from '../lib/build';
import { root } from '../lib/context';
import { freePort } from '../lib/database';
import { prefixed } from '../lib/log';
import { runToCompletion } from '../lib/processes';
import { cookieHeader, prepareStack, signIn, startBuildCopy, startStack, stopStack, workerSettled } from './lib/app';
import { identityCallsPerNavigation } from './lib/identity-calls';
import { leanGetter } from './lib/lean-get';
import { processCount } from '../lib/cluster.mjs';
import { cpuMeter, pidListeningOn } from './lib/process-cpu';
import { percentile } from './stats';

const MISSIONS = 100_000;
const ROUNDS = 3;
const PER_ROUND = { 1: 40, 10: 200 } as const;
const log = prefixed('missions-bench', 5);

interface Figures {
  p50: number;
  p95: number;
  p95ByRound: number[];
  rps: number;
  n: number;
  /** CPU milliseconds per request of each process (the app or the bare page's server, PostgreSQL, identity service, this load generator). */
  cpuMsPerRequest?: Record<string, number>;
}

/** 100 000 missions with one building and one audit event each, set-based (about a minute). */
export async function seedMissions(databaseUrl: string): Promise<{ detailId: number; deepCursor: string }> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows: customers } = await db.query<{ id: string; company_id: string }>('select id, company_id from customer where parent_id is null order by id');
    const footprint = {
      type: 'Polygon',
      coordinates: [[[13.4, 52.5], [13.40029, 52.5], [13.40029, 52.50009], [13.4, 52.50009], [13.4, 52.5]]],
    };
    const started = Date.now();
    await db.query(
      `insert into mission (name, company_id, customer_id, internal_reference, customer_reference, priority, status, step, products, address,
                            latitude, longitude, description, blurring_instructions, scan_appointment, delivery_date, created_at, updated_at)
       select 'Benchmark Mission ' || g, ($1::bigint[])[1 + g % $3], ($2::bigint[])[1 + g % $3], 'BENCH-' || g, 'REF-' || (g * 7919 % 100000),
              (enum_range(null::mission_priority))[1 + g % 4], (enum_range(null::mission_status))[1 + g % 4],
              (enum_range(null::project_step))[1 + g % 17], '{pointcloud,cad}'::mission_product[], 'Benchstraße ' || g || ', 10115 Berlin',
              52.5 + (g % 1000) * 0.0001, 13.4 + (g % 997) * 0.0001, 'Bestandsaufnahme für die Sanierungsplanung, Gebäude ' || g, 'Gesichter und Kennzeichen',
              case when g % 3 = 0 then now() + (g % 90) * interval '1 day' end, case when g % 2 = 0 then current_date + (g % 120) end,
              now() - g * interval '1 minute', now() - g * interval '1 minute'
       from generate_series(1, ${MISSIONS}) g`,
      [customers.map((c) => c.company_id), customers.map((c) => c.id), customers.length],
    );
    await db.query(
      `insert into building (mission_id, name, footprint, ground_area, facade_area, perimeter, levels)
       select id, 'Haupthaus', $1::jsonb, 199.6, 359.3, 59.9, 2 from mission where internal_reference like 'BENCH-%'`,
      [JSON.stringify(footprint)],
    );
    await db.query(
      `insert into audit_event (entity, entity_id, action, mission_id, diff, at)
       select 'mission', id::text, 'create', id, jsonb_build_object('status', status, 'step', step), created_at from mission where internal_reference like 'BENCH-%'`,
    );
    // Vacuumed as well as analyzed: otherwise autovacuum takes up the 300 000 new rows (and the
    // first reads set their hint bits) while the requests are being measured.
    await db.query('vacuum (analyze)');
    log(`seeded ${MISSIONS} missions in ${Math.round((Date.now() - started) / 1000)} s`);
    const { rows: detail } = await db.query<{ id: string }>(`select id from mission where internal_reference = 'BENCH-${MISSIONS / 2}'`);
    // The default order (created desc, id desc, hidden excluded), 90 000 rows deep.
    const { rows: deep } = await db.query<{ k0: string; k1: string }>(
      'select created_at::text as k0, id::text as k1 from mission where not hidden order by created_at desc, id desc offset 90000 limit 1',
    );
    const deepCursor = Buffer.from(JSON.stringify({ s: 'created', d: 'desc', v: [deep[0]!.k0, deep[0]!.k1] })).toString('base64url');
    return { detailId: Number(detail[0]!.id), deepCursor };
  } finally {
    await db.end();
  }
}

const BARE_PAGE = `import { eq } from 'drizzle-orm';
import { db } from '@/lib/server/db/client';
import { mission } from '@/lib/server/db/schema';

export const dynamic = 'force-dynamic';

// Benchmark baseline only (scripts/bench/missions.bench.ts): one keyed query, rendered.
export default async function BenchBare({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const [row] = await db().select({ id: mission.id, name: mission.name, status: mission.status }).from(mission).where(eq(mission.id, Number(id)));
  return (
    <main>
      <h1>{row?.name ?? 'not found'}</h1>
      <p>{row?.id} {row?.status}</p>
    </main>
  );
}
`;

/** A temporary copy of the app's sources with the bare page, built. */
async function buildBareCopy(env: NodeJS.ProcessEnv): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'argus-bench-bare-'));
  // Everything `next build` reads; what the build only reads from (the packages, the static files) is linked.
  const linked = ['node_modules', 'public'];
  for (const entry of BUILD_SOURCES.filter((e) => !linked.includes(e))) {
    if (existsSync(join(root, entry))) cpSync(join(root, entry), join(dir, entry), { recursive: true });
  }
  for (const link of linked) symlinkSync(join(root, link), join(dir, link));
  mkdirSync(join(dir, 'app', 'bench-bare', '[id]'), { recursive: true });
  writeFileSync(join(dir, 'app', 'bench-bare', '[id]', 'page.tsx'), BARE_PAGE);
  log('building the bare-page copy of the app…');
  await runToCompletion('bare-build', process.execPath, [require.resolve('next/dist/bin/next'), 'build'], { cwd: dir, env: { ...env, NODE_ENV: 'production' }, index: 6 });
  return dir;
}

/** First-load JS of a route in gzip bytes: the root chunks plus the JS of its layouts and page, as `next build` counts it. */
function firstLoadJs(nextDir: string, entries: string[]): { kB: number; files: number } {
  const manifest = JSON.parse(readFileSync(join(nextDir, 'app-build-manifest.json'), 'utf8')) as { pages: Record<string, string[]> };
  const files = new Set<string>();
  for (const entry of entries) {
    const list = manifest.pages[entry];
    if (!list) throw new Error(`${entry} is not in the build`);
    for (const f of list) if (f.endsWith('.js')) files.add(f);
  }
  let bytes = 0;
  for (const f of files) bytes += gzipSync(readFileSync(join(nextDir, f)), { level: 9 }).length;
  return { kB: Math.round((bytes / 1000) * 10) / 10, files: files.size };
}

/** One measured request: the session, a document's headers (lib/lean-get.ts: the client's own CPU kept small). */
const client = leanGetter(10);
async function get(url: string, cookie: string): Promise<number> {
  const { status, bytes } = await client.get(url, { Cookie: cookie, Accept: 'text/html,application/json', 'Sec-Fetch-Dest': 'document' });
  if (bytes === 0) throw new Error(`${url}: empty answer`);
  return status;
}

interface Slot {
  samples: number[];
  seconds: number;
  cpuMs?: Record<string, number>;
  /** Each round's own p95: whether one round (the first, say) carries the tail. */
  roundP95: number[];
}

/** Adds CPU ms per process to a slot (summed over rounds). */
function addCpu(into: Slot, used: Record<string, number>): void {
  into.cpuMs ??= {};
  for (const [k, v] of Object.entries(used)) into.cpuMs[k] = (into.cpuMs[k] ?? 0) + v;
}

async function measure(concurrency: number, n: number, op: () => Promise<number>, into: Slot): Promise<void> {
  let left = n;
  const first = into.samples.length;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) {
        const t = performance.now();
        const status = await op();
        if (status !== 200) throw new Error(`unexpected status ${status}`);
        into.samples.push(performance.now() - t);
      }
    }),
  );
  into.seconds += (performance.now() - start) / 1000;
  into.roundP95.push(percentile(into.samples.slice(first), 95));
}

const figures = ({ samples, seconds, cpuMs, roundP95 }: Slot): Figures => ({
  p50: percentile(samples, 50),
  p95: percentile(samples, 95),
  p95ByRound: roundP95,
  rps: Math.round((samples.length / seconds) * 10) / 10,
  n: samples.length,
  ...(cpuMs && { cpuMsPerRequest: Object.fromEntries(Object.entries(cpuMs).map(([k, v]) => [k, Math.round((v / samples.length) * 10) / 10])) }),
});

export default async function run(ctx: { databaseUrl: string }): Promise<Record<string, unknown>> {
  const stack = await prepareStack(ctx.databaseUrl, 'missions');
  const barePort = await freePort();
  const app = stack.app;
  let copy: string | undefined;
  try {
    await startStack(stack, 900_000);
    const js = {
      missionList: firstLoadJs(join(root, '.next'), ['/layout', '/(app)/layout', '/(app)/(missions)/layout', '/(app)/(missions)/mission-list/page']),
      missionListBeta: firstLoadJs(join(root, '.next'), ['/layout', '/(app)/layout', '/(app)/(missions)/layout', '/(app)/(missions)/mission-list-beta/page']),
      missionDetail: firstLoadJs(join(root, '.next'), ['/layout', '/(app)/layout', '/(app)/(missions)/layout', '/(app)/(missions)/mission/[id]/page']),
    };
    log(`first-load JS (gzip): ${JSON.stringify(js)}`);

    const { detailId, deepCursor } = await seedMissions(ctx.databaseUrl);
    copy = await buildBareCopy(stack.env);
    const bare = await startBuildCopy(stack, 'app-bare', copy, barePort, { server: join(root, 'scripts', 'bench', 'lib', 'bare-server.mjs') });
    const worker = await workerSettled(ctx.databaseUrl);
    log(`worker ${worker.settled ? 'settled' : 'still busy'} after ${Math.round(worker.waitedMs / 1000)} s`);

    const cookie = cookieHeader(await signIn(app, 'admin@example.com', 'Argus-Demo-2026!'));
    const targets = {
      listFirst: `${app}/api/v2/missions`,
      listDeep: `${app}/api/v2/missions?cursor=${deepCursor}`,
      listByName: `${app}/api/v2/missions?sort=name&order=asc`,
      listByDeliveryDate: `${app}/api/v2/missions?sort=deliveryDate&order=desc`,
      detail: `${app}/mission/${detailId}`,
      bare: `${bare}/bench-bare/${detailId}`,
    } as const;
    // Sanity: every target answers 200 with what it should contain.
    for (const [name, url] of Object.entries(targets)) {
      const res = await fetch(url, { headers: { Cookie: cookie } });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status}`);
      if (name.startsWith('list') && (JSON.parse(body) as { items: unknown[] }).items.length !== 50) throw new Error(`${name}: not a full page`);
      if ((name === 'detail' || name === 'bare') && !body.includes(`Benchmark Mission ${MISSIONS / 2}`)) throw new Error(`${name}: mission not rendered`);
    }
    const deepFirst = (JSON.parse(await (await fetch(targets.listDeep, { headers: { Cookie: cookie } })).text()) as { items: { name: string }[] }).items[0]!.name;
    log(`deep page starts at ${deepFirst}`);

    const identity = await identityCallsPerNavigation(stack, cookie, [`/mission/${detailId}`, '/mission-list', '/mission-list-beta']);
    log(`identity calls per navigation: ${JSON.stringify(identity)}`);

    const samples: Record<string, Slot> = {};
    const slot = (key: string) => (samples[key] ??= { samples: [], seconds: 0, roundP95: [] });
    // CPU per request by process (/proc): on a shared machine the wall clock also measures the
    // others' work; what a request costs each process does not (much). `server` is the app for
    // the real targets and the bare copy's `next start` for the bare page.
    const pids = { app: pidListeningOn(stack.port), bare: pidListeningOn(barePort), postgres: pidListeningOn(Number(new URL(ctx.databaseUrl).port)), identity: pidListeningOn(stack.identityPublic) };
    const meter = Object.values(pids).every((p) => p !== null) ? cpuMeter(pids as Record<string, number>) : null;
    const loads: number[] = [];
    // The warm-up is a whole round, not measured: after 30 requests per target the first measured
    // round was still the slowest of three for every target, the bare page's too (p95ByRound; the
    // JIT still compiling, each pooled connection still planning its statements afresh: PostgreSQL
    // keeps a generic plan only after a statement's fifth run on that connection).
    for (const concurrency of [1, 10] as const) {
      for (const url of Object.values(targets)) await measure(concurrency, PER_ROUND[concurrency], () => get(url, cookie), slot('warm'));
    }
    for (let round = 0; round < ROUNDS; round++) {
      log(`round ${round + 1}/${ROUNDS} (load average ${loadavg()[0]!.toFixed(2)})`);
      loads.push(loadavg()[0]!);
      for (const concurrency of [1, 10] as const) {
        for (const [name, url] of Object.entries(targets)) {
          const into = slot(`${name}_${concurrency}`);
          meter?.sample();
          const own = process.cpuUsage();
          await measure(concurrency, PER_ROUND[concurrency], () => get(url, cookie), into);
          const mine = process.cpuUsage(own);
          const used = meter?.sample();
          if (used) {
            const { app, bare, ...others } = used;
            addCpu(into, { server: name === 'bare' ? bare! : app!, ...others, loadgen: (mine.user + mine.system) / 1000 });
          }
        }
      }
    }
    loads.push(loadavg()[0]!);
    const result: Record<string, unknown> = {
      method: '100 000 seeded missions; admin@ session; "bare" = a temporary copy of the app with one extra page running one keyed query under next start, no guard, in as many processes as the app (see the file header); measured with a keep-alive node:http client that asks for gzip and does not inflate (lib/lean-get.ts)',
      workerSettled: worker,
      missions: MISSIONS,
      deepPage: `cursor 90 000 rows into the default order (first row: ${deepFirst})`,
      serverProcesses: processCount(stack.env.APP_PROCESSES),
    };
    for (const key of Object.keys(samples).filter((k) => k !== 'warm')) result[key] = figures(samples[key]!);
    const f = (k: string) => result[k] as Figures;
    result.loadAverage1m = { atRounds: loads.map((l) => Math.round(l * 100) / 100), cpus: cpus().length };
    const serverCpu = (k: string) => f(k).cpuMsPerRequest?.server;
    if (serverCpu('detail_10') && serverCpu('bare_10')) {
      result.serverCpuVsBareAt10 = Object.fromEntries(
        ['listFirst', 'listDeep', 'listByName', 'listByDeliveryDate', 'detail'].map((k) => [k, Math.round((serverCpu(`${k}_10`)! / serverCpu('bare_10')!) * 100) / 100]),
      );
    }
    result.firstLoadJsGzipKb = js;
    result.identityCallsPerNavigation = identity;
    result.goals = {
      listFirstP95At10: { value: f('listFirst_10').p95, goal: '≤ 100 ms', met: f('listFirst_10').p95 <= 100 },
      listDeepP95At10: { value: f('listDeep_10').p95, goal: '≤ 100 ms', met: f('listDeep_10').p95 <= 100 },
      listByNameP95At10: { value: f('listByName_10').p95, goal: '≤ 100 ms', met: f('listByName_10').p95 <= 100 },
      listByDeliveryDateP95At10: { value: f('listByDeliveryDate_10').p95, goal: '≤ 100 ms', met: f('listByDeliveryDate_10').p95 <= 100 },
      detailP95At10: { value: f('detail_10').p95, goal: '≤ 250 ms', met: f('detail_10').p95 <= 250 },
      detailVsBareThroughputAt10: {
        value: Math.round((f('detail_10').rps / f('bare_10').rps) * 100) / 100,
        goal: '≥ 0.5',
        met: f('detail_10').rps / f('bare_10').rps >= 0.5,
      },
      identityCallsPerNavigation: { value: identity.perNavigation, goal: '= 1', met: identity.perNavigation === 1 },
      firstLoadJs: {
        value: js,
        goal: '≤ 150 kB gzip',
        met: Object.values(js).every((v) => v.kB <= 150),
      },
    };
    for (const [name, goal] of Object.entries(result.goals as Record<string, { value: unknown; goal: string; met: boolean }>)) {
      log(`goal ${name}: ${JSON.stringify(goal.value)} (${goal.goal}) ${goal.met ? 'met' : 'NOT met'}`);
    }
    return result;
  } finally {
    client.close();
    await stopStack(stack);
    if (copy) rmSync(copy, { recursive: true, force: true });
  }
}
