/**
 * `npm run bench`: runs every scripts/bench/*.bench.ts against a throwaway PostgreSQL and writes the
 * figures to scripts/bench/results/latest.json (committed when they matter; tests never assert times).
 * `npm run bench <name>…` runs the benchmarks whose file name starts with one of the names, in one
 * run (`npm run bench missions lighthouse`: the goals of issue 20 measured together): guard (route guard
 * vs. no guard, needs the production build), identity, jobs, faults (PostgreSQL stopped, app and
 * worker killed under load; brings its own restartable PostgreSQL), restore (peak memory of a
 * ~100 MB mission restore above idle).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { root } from '../lib/context';
import { createDatabaseIfMissing, throwawayDatabase } from '../lib/database';
import { prefixed } from '../lib/log';
import { applyMigrations } from '../lib/migrate';

type Bench = (ctx: { databaseUrl: string }) => Promise<Record<string, unknown>>;
const log = prefixed('bench', 0);

async function main() {
  const names = process.argv.slice(2);
  const only = names.length > 0;
  const dir = join(root, 'scripts', 'bench');
  const files = readdirSync(dir).filter((f) => f.endsWith('.bench.ts') && (!only || names.some((name) => f.startsWith(name)))).sort();
  const database = await throwawayDatabase(prefixed('postgres', 1));
  const results: Record<string, unknown> = {};
  try {
    for (const file of files) {
      const name = file.replace(/\.bench\.ts$/, '');
      const databaseUrl = await createDatabaseIfMissing(database.url, `bench_${name.replace(/\W/g, '_')}`);
      await applyMigrations(databaseUrl);
      log(`running ${name}…`);
      const run = ((await import(join(dir, file))) as { default: Bench }).default;
      results[name] = await run({ databaseUrl });
      log(`${name}: ${JSON.stringify(results[name])}`);
    }
  } finally {
    await database.stop();
  }
  mkdirSync(join(dir, 'results'), { recursive: true });
  const out = join(dir, 'results', 'latest.json');
  const machine = { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown' };
  // `npm run bench <name>…` replaces those benchmarks' figures and keeps the others' (each carries its own time).
  const kept = only && existsSync(out) ? ((JSON.parse(readFileSync(out, 'utf8')) as { results?: Record<string, unknown> }).results ?? {}) : {};
  const at = new Date().toISOString();
  for (const name of Object.keys(results)) results[name] = { at, ...(results[name] as object) };
  writeFileSync(out, `${JSON.stringify({ at, machine, results: { ...kept, ...results } }, null, 2)}\n`);
  log(`written to ${out}`);
  process.exit(0);
}

main().catch((err: unknown) => {
  log(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
