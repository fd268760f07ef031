/**
 * What the benchmarks share: the app stack started the way `npm test -- e2e` starts it
 * (scripts/start.ts: production build, identity service, worker, app, demo seed) on the bench
 * database, a second server of a build copy next to it, and signing in over HTTP.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../../lib/context';
import { freePort } from '../../lib/database';
import { startService, stopAll, waitReady, type Running } from '../../lib/processes';
import { APP_NODE_FLAGS } from '../../services/app';

/** The ports, URL, data folder and environment of one bench stack; `running` collects what was started. */
export interface BenchStack {
  port: number;
  /** `http://localhost:{port}` */
  app: string;
  identityPublic: number;
  identityAdmin: number;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  running: Running[];
}

/** Picks the ports and a temporary data folder (`argus-bench-{name}-…`) and builds the stack's environment; starts nothing. */
export async function prepareStack(databaseUrl: string, name: string): Promise<BenchStack> {
  const [port, identityPublic, identityAdmin] = [await freePort(), await freePort(), await freePort()];
  const app = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `argus-bench-${name}-`));
  const env = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_IGNORE_INCORRECT_LOCKFILE: '1',
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    APP_URL: app,
    DATA_DIR: dataDir,
    IDENTITY_PUBLIC_PORT: String(identityPublic),
    IDENTITY_ADMIN_PORT: String(identityAdmin),
    // Known here so a build copy started next to the stack reaches the same admin API.
    KRATOS_ADMIN_TOKEN: randomBytes(24).toString('base64url'),
    // Figures of this machine, not of the way to Have I Been Pwned.
    IDENTITY_HIBP_ENABLED: 'false',
  };
  return { port, app, identityPublic, identityAdmin, dataDir, env, running: [] };
}

/** Starts the whole stack (scripts/start.ts builds first when the build is stale) and waits for its health check. */
export async function startStack(stack: BenchStack, timeoutMs: number): Promise<void> {
  const started = startService({ name: 'argus', command: process.execPath, args: [join(root, 'node_modules', '.bin', 'tsx'), 'scripts/start.ts'] }, 3, root, stack.env);
  stack.running.push(started);
  await waitReady(started, `http://127.0.0.1:${stack.port}/api/v2/health`, timeoutMs);
}

/**
 * Serves the build in `dir` next to the stack (same identity service and database) on `port`, with
 * `next start` or, given `server`, that server script of `dir` (e.g. scripts/app-server.mjs, the
 * stack's own); `env` adds settings of its own. Returns its origin.
 */
export async function startBuildCopy(stack: BenchStack, name: string, dir: string, port: number, { server, env = {} }: { server?: string; env?: Record<string, string> } = {}): Promise<string> {
  const origin = `http://localhost:${port}`;
  const entry = server ? [server] : [require.resolve('next/dist/bin/next'), 'start'];
  const app = startService({ name, command: process.execPath, args: [...APP_NODE_FLAGS, ...entry, '--port', String(port)] }, 4, dir, {
    ...stack.env,
    NODE_ENV: 'production',
    PORT: String(port),
    APP_URL: origin,
    KRATOS_PUBLIC_URL: `http://127.0.0.1:${stack.identityPublic}`,
    KRATOS_ADMIN_URL: `http://127.0.0.1:${stack.identityAdmin}`,
    ...env,
  });
  stack.running.unshift(app);
  await waitReady(app, `http://127.0.0.1:${port}/api/v2/health`, 60_000);
  return origin;
}

/** Stops everything the stack started and deletes its data folder. */
export async function stopStack(stack: BenchStack): Promise<void> {
  await stopAll(stack.running);
  rmSync(stack.dataDir, { recursive: true, force: true });
}

/** A cookie jar as a Cookie header. */
export const cookieHeader = (jar: Map<string, string>): string => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

/** Signs in over HTTP (browser login flow + password, the SPA way) and returns the cookies. */
export async function signIn(origin: string, email: string, password: string): Promise<Map<string, string>> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  const created = await fetch(`${origin}/self-service/login/browser`, { headers: { Accept: 'application/json' } });
  keep(created);
  const flow = (await created.json()) as { id: string; ui: { nodes: { attributes: { name?: string; value?: string } }[] } };
  const csrf = flow.ui.nodes.find((n) => n.attributes.name === 'csrf_token')?.attributes.value;
  const done = await fetch(`${origin}/self-service/login?flow=${flow.id}`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', Cookie: cookieHeader(jar) },
    body: JSON.stringify({ method: 'password', identifier: email, password, csrf_token: csrf }),
  });
  keep(done);
  if (done.status !== 200) throw new Error(`sign-in failed: ${done.status} ${await done.text()}`);
  return jar;
}

/**
 * Waits until the worker has finished what the demo seed gave it (the demo mission's point cloud,
 * face search and tour: its tour is the last of them) and runs no job, so a measurement does not
 * share the machine's two cores with a conversion. Gives up after `timeoutMs` and says so: the
 * run then measures a busier machine, and its result records that.
 */
export async function workerSettled(databaseUrl: string, timeoutMs = 600_000): Promise<{ settled: boolean; waitedMs: number }> {
  const { Client } = await import('pg');
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const started = Date.now();
  let quietPolls = 0;
  try {
    while (Date.now() - started < timeoutMs) {
      const { rows } = await db.query<{ busy: boolean }>(
        `select not exists (select 1 from tour t join mission m on m.id = t.mission_id where m.internal_reference = 'ARG-2026-DEMO' and t.manifest is not null)
             or exists (select 1 from pgboss.job where state = 'active' or (state in ('created', 'retry') and start_after <= now() + interval '1 minute')) as busy`,
      );
      quietPolls = rows[0]?.busy ? 0 : quietPolls + 1;
      // Two quiet looks in a row: a job that finished may have queued the next one.
      if (quietPolls >= 2) return { settled: true, waitedMs: Date.now() - started };
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    return { settled: false, waitedMs: Date.now() - started };
  } finally {
    await db.end();
  }
}

/** The id of the demo mission ARG-2026-DEMO (the demo seed's scanned mission). */
export async function demoMissionId(databaseUrl: string): Promise<number> {
  const { Client } = await import('pg');
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: string }>("select id from mission where internal_reference = 'ARG-2026-DEMO'");
    if (!rows[0]) throw new Error('the demo mission ARG-2026-DEMO is missing');
    return Number(rows[0].id);
  } finally {
    await db.end();
  }
}
