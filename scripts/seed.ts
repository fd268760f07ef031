/**
 * `npm run db:seed`: the demo identities (through the identity admin API) and the demo data
 * (through the app's own domain verbs). Idempotent: seeding twice changes nothing.
 * `--if-empty` (used by `npm start`) skips everything when the database already holds missions.
 */
import { sql } from 'drizzle-orm';
import { childEnvironment, loadEnv, openDatabase, root } from './lib/context';
import { prefixed } from './lib/log';
import { applyMigrations } from './lib/migrate';
import { startService, stopAll, waitReady, type Running } from './lib/processes';
import { appOrigin, type Env } from '../lib/server/env-schema';

const log = prefixed('seed', 6);

async function reachable(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

/** The identity admin API; a standalone `npm run db:seed` starts the embedded service for the run. */
async function identityAdmin(env: Env, childEnv: NodeJS.ProcessEnv): Promise<{ url: string; stop: () => Promise<void> }> {
  const url = childEnv.KRATOS_ADMIN_URL!;
  if (await reachable(`${url}/health/ready`)) return { url, stop: async () => {} };
  if (env.KRATOS_ADMIN_URL) throw new Error(`the identity admin API at ${url} does not answer`);
  const factory = (await import('./services/identity')).default;
  const spec = factory({ env, childEnv, appOrigin: appOrigin(env), dev: false, root });
  if (!spec?.readyUrl) throw new Error('the embedded identity service is not available');
  const running: Running = startService(spec, 2, root, childEnv);
  await waitReady(running, spec.readyUrl);
  return { url, stop: () => stopAll([running]) };
}

async function main() {
  const ifEmpty = process.argv.includes('--if-empty');
  const env = loadEnv();
  const database = await openDatabase(env);
  process.env.DATABASE_URL = database.url;
  const { db, pool } = await import('../lib/server/db/client');
  try {
    await applyMigrations(database.url);
    const { rows } = await db().execute<{ seeded: boolean }>(sql`select exists (select 1 from mission) as seeded`);
    if (ifEmpty && rows[0]?.seeded) return log('the database already holds data; not seeding');

    const admin = await identityAdmin(env, childEnvironment(env, database.url));
    try {
      const { seedIdentities } = await import('./seed/identities');
      const identities = await seedIdentities(admin.url, env.KRATOS_ADMIN_TOKEN);
      log(`${Object.keys(identities).length} demo identities ready`);
      const { seedDemoData } = await import('./seed/demo-data');
      const result = await seedDemoData(db(), { identities });
      log(result.created ? 'demo data created' : 'demo data already present; nothing changed');
      const { seedDemoScan } = await import('./seed/demo-scan');
      const scan = await seedDemoScan(db(), identities);
      log(scan.created ? 'demo scan stored; the worker imports and converts it' : 'demo scan already present');
      const { seedDemoBlurring } = await import('./seed/demo-blurring');
      const blur = await seedDemoBlurring(db(), identities);
      log(blur.created ? 'demo photos stored; the worker searches them for faces' : 'demo photos already present');
      const { seedDemoTour } = await import('./seed/demo-tour');
      const demoTour = await seedDemoTour(db(), identities);
      log(demoTour.created ? 'demo tour stored; the worker generates it once the point cloud is ready' : 'demo tour already present');
      const { seedDemoPanelizer } = await import('./seed/demo-panelizer');
      const demoPanelizer = await seedDemoPanelizer(db(), identities);
      log(demoPanelizer.created ? 'demo panelizer project stored with its published export' : 'demo panelizer project already present');
    } finally {
      await admin.stop();
    }
  } finally {
    await pool().end();
    await database.stop();
  }
}

main().catch((err: unknown) => {
  log(`seeding failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});
