/**
 * The route guard's price (issue 4, "Measure"): a signed-in navigation through the guard
 * (middleware.ts: one whoami to the identity service + the pure routeGuard) against the same page
 * with no guard, p50/p95 in ms at 10 concurrent clients, and the ratio.
 *
 * Method. The stack is started the way `npm test -- e2e` starts it (scripts/start.ts: production
 * build, identity service, worker, app, demo seed) on the bench database. For "no guard" a second
 * `next start` serves a copy of the very same build in which the middleware's registration
 * (`/_middleware` in .next/server/functions-config-manifest.json) is deleted, next to the real
 * app, against the same identity service and database. So both servers render the identical page
 * with identical code — the layout's own server-side lock (requireUser → whoami, profile, permission
 * set) included — and differ only in the middleware. Nothing in production code knows about the
 * benchmark; the copy lives in a temporary folder and is deleted afterwards. Before measuring, the
 * bench checks that the copy really runs no middleware (anonymous `/login` is not redirected to
 * `/auth`) and that both serve the page with the same status.
 *
 * One customer@ session (signed in once over HTTP, the SPA way) is used for every request. The two
 * servers are measured alternately in rounds so drift on a busy machine hits both alike. Also
 * recorded: the guard alone (signed-in `/`, answered by the middleware with a 303, no render).
 *
 * Run it on its own with `flock /tmp/argus-e2e.lock npm run bench guard` (it may rebuild the shared .next).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../lib/context';
import { freePort } from '../lib/database';
import { prefixed } from '../lib/log';
import { startService, stopAll, waitReady, type Running } from '../lib/processes';
import { percentile } from './stats';

const PAGE = '/planner';
const CONCURRENCY = 10;
const ROUNDS = 4;
const PER_ROUND = 150;
const log = prefixed('guard-bench', 5);

interface Figures {
  p50: number;
  p95: number;
  n: number;
}

/** The "no guard" build: the current .next copied without its cache, the middleware unregistered. */
function buildWithoutMiddleware(): string {
  const dir = mkdtempSync(join(tmpdir(), 'argus-bench-noguard-'));
  cpSync(join(root, '.next'), join(dir, '.next'), { recursive: true, filter: (src) => !src.startsWith(join(root, '.next', 'cache')) });
  const manifestPath = join(dir, '.next', 'server', 'functions-config-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { functions: Record<string, unknown> };
  if (!manifest.functions['/_middleware']) throw new Error('the build registers no middleware: nothing to compare');
  delete manifest.functions['/_middleware'];
  writeFileSync(manifestPath, JSON.stringify(manifest));
  for (const file of ['package.json', 'next.config.mjs']) cpSync(join(root, file), join(dir, file));
  for (const link of ['node_modules', 'public']) symlinkSync(join(root, link), join(dir, link));
  return dir;
}

/** Signs customer@ in over HTTP (browser login flow + password) and returns the Cookie header. */
async function signIn(origin: string, email: string, password: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const created = await fetch(`${origin}/self-service/login/browser`, { headers: { Accept: 'application/json' } });
  keep(created);
  const flow = (await created.json()) as { id: string; ui: { nodes: { attributes: { name?: string; value?: string } }[] } };
  const csrf = flow.ui.nodes.find((n) => n.attributes.name === 'csrf_token')?.attributes.value;
  const done = await fetch(`${origin}/self-service/login?flow=${flow.id}`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', Cookie: header() },
    body: JSON.stringify({ method: 'password', identifier: email, password, csrf_token: csrf }),
  });
  keep(done);
  if (done.status !== 200) throw new Error(`sign-in failed: ${done.status} ${await done.text()}`);
  return header();
}

/** One navigation: a full document GET, body read to the end, redirects not followed. */
async function navigate(url: string, cookie: string): Promise<number> {
  const res = await fetch(url, { headers: { Cookie: cookie, Accept: 'text/html', 'Sec-Fetch-Dest': 'document' }, redirect: 'manual' });
  await res.arrayBuffer();
  return res.status;
}

async function measure(n: number, op: () => Promise<unknown>, into: number[]): Promise<void> {
  let left = n;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left-- > 0) {
        const t = performance.now();
        await op();
        into.push(performance.now() - t);
      }
    }),
  );
}

const figures = (samples: number[]): Figures => ({ p50: percentile(samples, 50), p95: percentile(samples, 95), n: samples.length });

export default async function run(ctx: { databaseUrl: string }): Promise<Record<string, unknown>> {
  const [port, plainPort, identityPublic, identityAdmin] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const guarded = `http://localhost:${port}`;
  const plain = `http://localhost:${plainPort}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'argus-bench-guard-'));
  const env = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_IGNORE_INCORRECT_LOCKFILE: '1',
    DATABASE_URL: ctx.databaseUrl,
    PORT: String(port),
    APP_URL: guarded,
    DATA_DIR: dataDir,
    IDENTITY_PUBLIC_PORT: String(identityPublic),
    IDENTITY_ADMIN_PORT: String(identityAdmin),
    IDENTITY_LOG_CODES: 'false',
  };
  const running: Running[] = [];
  let copy: string | undefined;
  try {
    // The whole stack, as the e2e stage starts it (builds first when the build is stale).
    const stack = startService({ name: 'argus', command: process.execPath, args: [join(root, 'node_modules', '.bin', 'tsx'), 'scripts/start.ts'] }, 3, root, env);
    running.push(stack);
    await waitReady(stack, `http://127.0.0.1:${port}/api/v2/health`, 600_000);

    copy = buildWithoutMiddleware();
    const app = startService(
      { name: 'app-no-guard', command: process.execPath, args: [require.resolve('next/dist/bin/next'), 'start', '--port', String(plainPort)] },
      4,
      copy,
      {
        ...env,
        NODE_ENV: 'production',
        PORT: String(plainPort),
        APP_URL: plain,
        KRATOS_PUBLIC_URL: `http://127.0.0.1:${identityPublic}`,
        KRATOS_ADMIN_URL: `http://127.0.0.1:${identityAdmin}`,
      },
    );
    running.unshift(app);
    await waitReady(app, `http://127.0.0.1:${plainPort}/api/v2/health`, 60_000);

    // The copy must run no middleware, the original must: anonymous /login → 303 /auth only with the guard.
    const probe = async (origin: string) => {
      const res = await fetch(`${origin}/login`, { redirect: 'manual' });
      return `${res.status} ${new URL(res.headers.get('location') ?? '/', origin).pathname}`;
    };
    if ((await probe(guarded)) !== '303 /auth') throw new Error(`the guarded app did not run the middleware: ${await probe(guarded)}`);
    if ((await probe(plain)) === '303 /auth') throw new Error('the copy still runs the middleware');

    const cookie = await signIn(guarded, 'customer@example.com', 'Argus-Demo-2026!');
    const status = await navigate(`${guarded}${PAGE}`, cookie);
    const plainStatus = await navigate(`${plain}${PAGE}`, cookie);
    if (status !== plainStatus || status >= 500 || (status >= 300 && status < 400)) throw new Error(`${PAGE}: guarded ${status}, no guard ${plainStatus}`);
    const homeStatus = await navigate(`${guarded}/`, cookie);
    if (homeStatus !== 303) throw new Error(`signed-in / should be a 303 from the guard, got ${homeStatus}`);

    // Warm both (JIT, React caches, connection pools), then alternate rounds.
    await measure(40, () => navigate(`${guarded}${PAGE}`, cookie), []);
    await measure(40, () => navigate(`${plain}${PAGE}`, cookie), []);
    const withGuard: number[] = [];
    const withoutGuard: number[] = [];
    const guardOnly: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      log(`round ${round + 1}/${ROUNDS}`);
      await measure(PER_ROUND, () => navigate(`${guarded}${PAGE}`, cookie), withGuard);
      await measure(PER_ROUND, () => navigate(`${plain}${PAGE}`, cookie), withoutGuard);
      await measure(PER_ROUND / 2, () => navigate(`${guarded}/`, cookie), guardOnly);
    }
    const a = figures(withGuard);
    const b = figures(withoutGuard);
    return {
      method: 'same build, same page, same session; "no guard" = a copy of the build with the middleware unregistered (see the file header)',
      page: `${PAGE} as customer@ (HTTP ${status})`,
      concurrency: CONCURRENCY,
      guarded_10: a,
      no_guard_10: b,
      ratio_p50: Math.round((a.p50 / b.p50) * 100) / 100,
      ratio_p95: Math.round((a.p95 / b.p95) * 100) / 100,
      guard_only_redirect_10: figures(guardOnly),
    };
  } finally {
    await stopAll(running);
    if (copy) rmSync(copy, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}
