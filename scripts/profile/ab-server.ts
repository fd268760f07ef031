/**
 * `npx tsx --conditions=react-server scripts/profile/ab-server.ts <bDir> [bServer] [rounds] [path]`:
 * an A/B of two app servers on one stack. A = this tree's stack (scripts/start.ts, 100 000 seeded
 * missions, worker settled), B = `node <bServer>` in <bDir> (a worktree with its own .next build, or
 * this one with another server script; `AB_B_ENV="KEY=value,…"` gives B its own settings) on the
 * same database and identity service. Rounds of 100 requests (10 concurrent; a mission's detail
 * page unless `path` is given) alternate A B B A …, and each app process's CPU is summed over its
 * rounds: this machine's speed drifts by a third within minutes, and a drift then hits both alike.
 */
import { loadavg } from 'node:os';
import { createDatabaseIfMissing, freePort, throwawayDatabase } from '../lib/database';
import { applyMigrations } from '../lib/migrate';
import { prefixed } from '../lib/log';
import { cookieHeader, prepareStack, signIn, startBuildCopy, startStack, stopStack, workerSettled } from '../bench/lib/app';
import { cpuMeter, pidListeningOn } from '../bench/lib/process-cpu';
import { seedMissions } from '../bench/missions.bench';
import { percentile } from '../bench/stats';

const log = prefixed('ab', 5);

async function main() {
  const [bDir, bServer = 'scripts/app-server.mjs', roundsArg = '6', pathArg] = process.argv.slice(2);
  const rounds = Number(roundsArg);
  const database = await throwawayDatabase(prefixed('postgres', 1));
  const url = await createDatabaseIfMissing(database.url, 'ab_server');
  await applyMigrations(url);
  const stack = await prepareStack(url, 'ab');
  try {
    await startStack(stack, 900_000);
    const { detailId } = await seedMissions(url);
    const port = await freePort();
    // AB_B_ENV="KEY=value,…": B's own settings (e.g. a larger database pool).
    const env = Object.fromEntries((process.env.AB_B_ENV ?? '').split(',').filter(Boolean).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
    const bOrigin = await startBuildCopy(stack, 'app-b', bDir!, port, { server: bServer, env });
    log(`worker settled: ${JSON.stringify(await workerSettled(url))}`);
    const cookie = cookieHeader(await signIn(stack.app, 'admin@example.com', 'Argus-Demo-2026!'));
    const path = pathArg ?? `/mission/${detailId}`;
    const origins = { A: stack.app, B: bOrigin };
    const pids = { A: pidListeningOn(stack.port)!, B: pidListeningOn(port)! };
    const meter = cpuMeter(pids);
    const get = async (origin: string) => {
      const res = await fetch(origin + path, { headers: { Cookie: cookie, Accept: 'text/html', 'Sec-Fetch-Dest': 'document' }, redirect: 'manual' });
      const body = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${origin}${path} answered ${res.status}`);
      return body.byteLength;
    };
    const sum = { A: { cpu: 0, n: 0, samples: [] as number[], seconds: 0 }, B: { cpu: 0, n: 0, samples: [] as number[], seconds: 0 } };
    for (const v of ['A', 'B'] as const) for (let i = 0; i < 30; i++) await Promise.all(Array.from({ length: 10 }, () => get(origins[v])));
    for (let r = 0; r < rounds * 2; r++) {
      const v = (r % 2 === 0) === (Math.floor(r / 2) % 2 === 0) ? 'A' : 'B';
      meter.sample();
      let left = 100;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          while (left-- > 0) {
            const t = performance.now();
            await get(origins[v]);
            sum[v].samples.push(performance.now() - t);
          }
        }),
      );
      sum[v].seconds += (performance.now() - started) / 1000;
      const used = meter.sample();
      sum[v].cpu += used[v]!;
      sum[v].n += 100;
      log(`round ${r} ${v}: ${(used[v]! / 100).toFixed(1)} ms CPU/request; load ${loadavg()[0]!.toFixed(2)}`);
    }
    for (const v of ['A', 'B'] as const) {
      const s = sum[v];
      log(`${v}: app CPU ${(s.cpu / s.n).toFixed(2)} ms/request, ${(s.n / s.seconds).toFixed(1)}/s, p50 ${percentile(s.samples, 50)} p95 ${percentile(s.samples, 95)} ms`);
    }
    log(`B/A CPU: ${(sum.B.cpu / sum.A.cpu).toFixed(3)}`);
  } finally {
    await stopStack(stack);
    await database.stop();
  }
  process.exit(0);
}

void main();
