/**
 * The route guard's price (issue 4, "Measure"): a signed-in navigation through the guard
 * (lib/server/guard/: one whoami to the identity service + the pure routeGuard) against the same page
 * with no guard, p50/p95 in ms at 10 concurrent clients, and the ratio.
 *
 * Method. The stack is started the way `npm test -- e2e` starts it (scripts/start.ts: production
 * build, identity service, worker, app, demo seed) on the bench database. For "no guard" Next's
 * own server (`next start`) serves a copy of the very same build next to the real app, against
 * the same identity service and database: the guard runs in the app's own server
 * (scripts/app-server.mjs), which `next start` does not use. So both servers render the identical
 * page with identical code — the layout's own server-side lock (requireUser → whoami, profile,
 * permission set) included — and differ only in the guard (and in who compresses the answer).
 * Nothing in production code knows about the benchmark; the copy lives in a temporary folder and
 * is deleted afterwards. Before measuring, the bench checks that the copy really runs no guard
 * (anonymous `/login` is not redirected to `/auth`) and that both serve the page with the same
 * status.
 *
 * One customer@ session (signed in once over HTTP, the SPA way) is used for every request. The two
 * servers are measured alternately in rounds so drift on a busy machine hits both alike. Also
 * recorded: the guard alone (signed-in `/login`, which the guard answers with a 303 to `/`, no render;
 * `/` itself is answered by its page for a customer, whose home depends on the permission table).
 *
 * Run it on its own with `flock /tmp/argus-e2e.lock npm run bench guard` (it may rebuild the shared .next).
 */
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../lib/context';
import { freePort } from '../lib/database';
import { prefixed } from '../lib/log';
import { cookieHeader, prepareStack, signIn, startBuildCopy, startStack, stopStack } from './lib/app';
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

/** The "no guard" build: the current .next copied without its cache. */
function copyOfBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'argus-bench-noguard-'));
  cpSync(join(root, '.next'), join(dir, '.next'), { recursive: true, filter: (src) => !src.startsWith(join(root, '.next', 'cache')) });
  for (const file of ['package.json', 'next.config.mjs']) cpSync(join(root, file), join(dir, file));
  // next.config.mjs imports lib/server/security/headers.mjs and scripts/build at start-up.
  for (const link of ['node_modules', 'public', 'lib', 'scripts']) symlinkSync(join(root, link), join(dir, link));
  return dir;
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
  const stack = await prepareStack(ctx.databaseUrl, 'guard');
  const plainPort = await freePort();
  const guarded = stack.app;
  let copy: string | undefined;
  try {
    // The whole stack, as the e2e stage starts it (builds first when the build is stale).
    await startStack(stack, 600_000);

    copy = copyOfBuild();
    const plain = await startBuildCopy(stack, 'app-no-guard', copy, plainPort);

    // The copy must run no guard, the original must: anonymous /login → 303 /auth only with the guard.
    const probe = async (origin: string) => {
      const res = await fetch(`${origin}/login`, { redirect: 'manual' });
      return `${res.status} ${new URL(res.headers.get('location') ?? '/', origin).pathname}`;
    };
    if ((await probe(guarded)) !== '303 /auth') throw new Error(`the guarded app did not run the guard: ${await probe(guarded)}`);
    if ((await probe(plain)) === '303 /auth') throw new Error('the copy still runs the guard');

    const cookie = cookieHeader(await signIn(guarded, 'customer@example.com', 'Argus-Demo-2026!'));
    const status = await navigate(`${guarded}${PAGE}`, cookie);
    const plainStatus = await navigate(`${plain}${PAGE}`, cookie);
    if (status !== plainStatus || status >= 500 || (status >= 300 && status < 400)) throw new Error(`${PAGE}: guarded ${status}, no guard ${plainStatus}`);
    const loginStatus = await navigate(`${guarded}/login`, cookie);
    if (loginStatus !== 303) throw new Error(`signed-in /login should be a 303 from the guard, got ${loginStatus}`);

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
      await measure(PER_ROUND / 2, () => navigate(`${guarded}/login`, cookie), guardOnly);
    }
    const a = figures(withGuard);
    const b = figures(withoutGuard);
    return {
      method: 'same build, same page, same session; "no guard" = a copy of the build under next start, which does not run the guard (see the file header)',
      page: `${PAGE} as customer@ (HTTP ${status})`,
      concurrency: CONCURRENCY,
      guarded_10: a,
      no_guard_10: b,
      ratio_p50: Math.round((a.p50 / b.p50) * 100) / 100,
      ratio_p95: Math.round((a.p95 / b.p95) * 100) / 100,
      guard_only_redirect_10: figures(guardOnly),
    };
  } finally {
    await stopStack(stack);
    if (copy) rmSync(copy, { recursive: true, force: true });
  }
}
