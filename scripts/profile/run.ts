/**
 * `npx tsx --conditions=react-server scripts/profile/run.ts <path> [requests] [concurrency]`:
 * starts the whole stack (as the benchmarks do: production build, identity service, worker, app,
 * demo seed) on a throwaway database with every Node process sampling its CPU, sends the requests
 * as admin@, and writes one .cpuprofile per process to a temporary folder (open them in Chrome
 * DevTools, or sum them with scripts/profile/summary.ts). How docs/performance.md was made.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabaseIfMissing, throwawayDatabase } from '../lib/database';
import { prefixed } from '../lib/log';
import { collectProfiles } from './collect-profiles';
import { applyMigrations } from '../lib/migrate';
import { cookieHeader, prepareStack, signIn, startStack, stopStack } from '../bench/lib/app';
import { percentile } from '../bench/stats';

const log = prefixed('profile', 5);

async function main() {
  const [path = '/api/v2/missions', requests = '400', concurrency = '10'] = process.argv.slice(2);
  const out = mkdtempSync(join(tmpdir(), 'argus-profile-'));
  const database = await throwawayDatabase(prefixed('postgres', 1));
  const url = await createDatabaseIfMissing(database.url, 'profile');
  await applyMigrations(url);
  const stack = await prepareStack(url, 'profile');
  stack.env.NODE_OPTIONS = `--import ${join(__dirname, 'cpu-profile-hook.mjs')}`;
  stack.env.ARGUS_PROFILE_DIR = out;
  try {
    await startStack(stack, 900_000);
    const cookie = cookieHeader(await signIn(stack.app, 'admin@example.com', 'Argus-Demo-2026!'));
    let left = Number(requests);
    const samples: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: Number(concurrency) }, async () => {
        while (left-- > 0) {
          const t = performance.now();
          const res = await fetch(stack.app + path, { headers: { Cookie: cookie, Accept: 'text/html,application/json', 'Sec-Fetch-Dest': 'document' }, redirect: 'manual' });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
          samples.push(performance.now() - t);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    log(`${path}: ${samples.length} requests, ${(samples.length / seconds).toFixed(1)}/s, p50 ${percentile(samples, 50)} ms, p95 ${percentile(samples, 95)} ms (profiling slows it down)`);
    await collectProfiles(out);
  } finally {
    await stopStack(stack);
    await database.stop();
  }
  log(`profiles in ${out}: ${readdirSync(out).join(', ')}`);
  process.exit(0);
}

void main();
