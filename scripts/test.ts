/**
 * `npm test`: typecheck, lint, unit tests, integration tests against a throwaway real
 * PostgreSQL, and end-to-end tests in real Chromium against the production build running on
 * that database. `npm test -- unit|integration|e2e` runs one stage.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './lib/context';
import { createDatabaseIfMissing, freePort, throwawayDatabase } from './lib/database';
import { prefixed } from './lib/log';
import { applyMigrations } from './lib/migrate';
import { startService, stopAll, waitReady } from './lib/processes';
import { startGeocoder } from '../tests/support/geocoder';
import { startOpenIdProvider } from '../tests/support/openid-provider';

const log = prefixed('test', 0);
// Anything after the stage name narrows it, e.g. `npm test -- integration tests/integration/platform`.
const extra = process.argv.slice(3);
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const baseEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NEXT_IGNORE_INCORRECT_LOCKFILE: '1' };

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = baseEnv): Promise<void> {
  log(`── ${title}`);
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`${title} failed (exit code ${code})`))));
  });
}

async function integration(serverUrl: string) {
  const url = await createDatabaseIfMissing(serverUrl, 'argus_integration');
  await applyMigrations(url);
  await run('integration tests (real PostgreSQL)', bin('jest'), ['--selectProjects', 'integration', '--runInBand', ...extra], { ...baseEnv, DATABASE_URL: url, NODE_ENV: 'test' });
}

/** The identity service's OIDC callback for the "microsoft" provider, on the app origin. */
const microsoftCallback = (origin: string) => `${origin}/self-service/methods/oidc/callback/microsoft`;

async function e2e(serverUrl: string) {
  const url = await createDatabaseIfMissing(serverUrl, 'argus_e2e');
  const port = Number(process.env.E2E_PORT ?? (await freePort()));
  const origin = `http://localhost:${port}`;
  const identityAdminPort = await freePort();
  // A real local OpenID provider stands in for Microsoft Entra ID (docs/identity-microsoft.md),
  // so "Sign in with Microsoft" runs end to end in the browser.
  const microsoft = await startOpenIdProvider(microsoftCallback(origin), await freePort(), prefixed('openid', 4));
  // A Nominatim-protocol stand-in, so the planner's address search runs in the browser too.
  const geocoder = await startGeocoder(await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'argus-e2e-'));
  // The identity admin API's bearer token, known up front so the tests can call that API too.
  const adminToken = randomBytes(24).toString('base64url');
  const env = {
    ...baseEnv,
    DATABASE_URL: url,
    PORT: String(port),
    APP_URL: origin,
    DATA_DIR: dataDir,
    IDENTITY_PUBLIC_PORT: String(await freePort()),
    IDENTITY_ADMIN_PORT: String(identityAdminPort),
    KRATOS_ADMIN_TOKEN: adminToken,
    IDENTITY_OIDC_MICROSOFT_ISSUER: microsoft.issuer,
    IDENTITY_OIDC_MICROSOFT_CLIENT_ID: microsoft.clientId,
    IDENTITY_OIDC_MICROSOFT_CLIENT_SECRET: microsoft.clientSecret,
    // Every browser of the suite signs in from the same loopback address, the seeded accounts many
    // times a minute: keep the limits on but above what the suite needs (the identity integration
    // tests cover rate limiting itself).
    // The worker converts the demo scan and the uploads' scans while the browsers run: one
    // converter thread leaves the other core to the app under test.
    CONVERSION_THREADS: '1',
    IDENTITY_RATE_LIMIT_IDENTIFIER: '200/60',
    IDENTITY_RATE_LIMIT_ADDRESS: '2000/60',
    // The suite never reaches the internet: the bundled breached list alone.
    IDENTITY_HIBP_ENABLED: 'false',
    GEOCODER_URL: geocoder.url,
  };
  log(`── starting Argus for end-to-end tests on port ${port}`);
  const argus = startService({ name: 'argus', command: process.execPath, args: [bin('tsx'), 'scripts/start.ts'] }, 3, root, env);
  try {
    await waitReady(argus, `http://127.0.0.1:${port}/api/v2/health`, 600_000);
    await run('end-to-end tests (Chromium)', bin('playwright'), ['test', ...extra], {
      ...baseEnv,
      E2E_BASE_URL: origin,
      DATABASE_URL: url,
      KRATOS_ADMIN_URL: `http://127.0.0.1:${identityAdminPort}`,
      KRATOS_ADMIN_TOKEN: adminToken,
      E2E_OIDC_ISSUER: microsoft.issuer,
      // Where the app under test keeps its files, for tests that damage a stored file on purpose.
      E2E_DATA_DIR: dataDir,
    });
  } finally {
    await stopAll([argus]);
    await microsoft.stop();
    await geocoder.stop();
    removeDataDir(dataDir);
  }
}

/**
 * The stack's files go with it. A job the worker was running when the stack stopped (a tour's
 * tiles) may still write for a moment, so the removal is retried; a folder left in the temporary
 * directory after that is reported, not a failed test run.
 */
function removeDataDir(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
  } catch (err) {
    log(`could not remove ${dir}: ${(err as Error).message}`);
  }
}

async function main() {
  const stage = process.argv[2] ?? 'all';
  const all = stage === 'all';
  if (all) {
    await run('typecheck', bin('tsc'), ['--noEmit']);
    await run('lint', bin('eslint'), ['--max-warnings=0', '.']);
  }
  if (all || stage === 'unit') await run('unit tests', bin('jest'), ['--selectProjects', 'unit', ...extra]);
  if (!(all || stage === 'integration' || stage === 'e2e')) return;

  const database = await throwawayDatabase(prefixed('postgres', 1));
  try {
    if (all || stage === 'integration') await integration(database.url);
    if (all || stage === 'e2e') await e2e(database.url);
  } finally {
    await database.stop();
  }
  log('all green');
}

main().catch((err: unknown) => {
  log(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
