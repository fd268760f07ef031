/**
 * `npm start` / `npm run dev`: builds when the build is missing or stale, starts the embedded
 * services that are not configured externally, migrates, seeds an empty database, starts every
 * service in scripts/services/ in order, restarts one that dies (lib/supervise.ts: backoff, at most
 * 5 restarts in 5 minutes, then everything stops), and stops them all cleanly on Ctrl-C.
 * Adding a service = adding a module to scripts/services/ that default-exports a ServiceFactory.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { appOrigin } from '../lib/server/env-schema';
import { buildIsCurrent, recordBuild } from './lib/build';
import { childEnvironment, loadEnv, openDatabase, root } from './lib/context';
import { prefixed } from './lib/log';
import { applyMigrations } from './lib/migrate';
import { runToCompletion } from './lib/processes';
import type { ServiceFactory, ServiceSpec, StartContext } from './lib/service';
import { supervise, type Supervised } from './lib/supervise';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts';

const log = prefixed('argus', 0);
const APP_ORDER = 50;
/** How long a child may take to stop after SIGTERM before it gets SIGKILL. */
const GRACE_MS = 30_000;

async function loadServices(ctx: StartContext): Promise<ServiceSpec[]> {
  const dir = join(root, 'scripts', 'services');
  const modules = readdirSync(dir).filter((f) => f.endsWith('.ts')).sort();
  const specs: ServiceSpec[] = [];
  for (const file of modules) {
    const factory = ((await import(join(dir, file))) as { default: ServiceFactory }).default;
    const spec = factory(ctx);
    if (spec) specs.push(spec);
  }
  return specs.sort((a, b) => (a.order ?? 50) - (b.order ?? 50));
}

async function build(env: NodeJS.ProcessEnv): Promise<void> {
  if (buildIsCurrent(root)) return;
  log('building the app (the build is missing or older than the sources)…');
  await runToCompletion('build', process.execPath, ['scripts/copy-assets.mjs'], { cwd: root, env });
  await runToCompletion('build', process.execPath, [require.resolve('next/dist/bin/next'), 'build'], { cwd: root, env: { ...env, NODE_ENV: 'production' } });
  recordBuild(root);
}

function seed(env: NodeJS.ProcessEnv): Promise<void> {
  return runToCompletion('seed', process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/seed.ts', '--if-empty'], { cwd: root, env, index: 6 });
}

function banner(origin: string): void {
  log(`Argus is running at ${origin}`);
  log(`demo accounts (password ${DEMO_PASSWORD}):`);
  for (const account of DEMO_ACCOUNTS) log(`  ${account.email.padEnd(24)} ${account.note}`);
  log('press Ctrl-C to stop');
}

async function main(): Promise<void> {
  const dev = process.argv.includes('--dev');
  const env = loadEnv();
  const origin = appOrigin(env);
  const running: Supervised[] = [];
  let stopping = false;

  const database = await openDatabase(env);
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log('stopping…');
    // Reverse start order: the app goes before the services it depends on.
    await Promise.all([...running].reverse().map((service) => service.stop(GRACE_MS)));
    await database.stop();
    log('stopped');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    await applyMigrations(database.url);
    log('database migrated');
    const childEnv = childEnvironment(env, database.url);
    if (!dev) await build(childEnv);

    const ctx: StartContext = { env, childEnv, appOrigin: origin, dev, root };
    let seeded = false;
    for (const [index, spec] of (await loadServices(ctx)).entries()) {
      if (!seeded && (spec.order ?? 50) >= APP_ORDER) {
        await seed(childEnv);
        seeded = true;
      }
      const service = supervise(spec, {
        index: index + 2,
        cwd: root,
        env: childEnv,
        policy: { readyTimeoutMs: dev ? 180_000 : 60_000 },
        log,
        onGiveUp: (message) => {
          if (stopping) return;
          log(`${message}; stopping everything`);
          void shutdown(1);
        },
      });
      running.push(service);
      await service.ready(dev ? 180_000 : 60_000);
    }
    banner(origin);
  } catch (err) {
    log(`start-up failed: ${err instanceof Error ? err.message : String(err)}`);
    await shutdown(1);
  }
}

void main();
