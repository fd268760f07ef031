/**
 * The 3D viewer (issue 16 "Measure"): for the demo mission's online point cloud (ARG-2026-DEMO,
 * converted by the worker at the stack's first start), opened by customer@ in Chromium:
 * - time from navigation start to the first frame with points (performance mark
 *   `viewer:first-points`, set by the engine when a frame first draws points) and the bytes fetched
 *   before it (navigation, scripts, styles, the cloud's metadata, hierarchy and octree ranges);
 * - the route's own JavaScript (scripts fetched before the engine is asked for: mark
 *   `viewer:engine-requested`) and the engine's (three, r3f, potree-core) after it, gzip as served;
 * - the points drawn at most while flying through the six standard views and focus, against the
 *   budget (1 000 000 by default; the page's `data-points` read every animation frame).
 *
 * Method. The stack starts the way `npm test -- e2e` starts it (scripts/start.ts: production build,
 * identity service, worker, app, demo seed) on the bench database, like map.bench.ts. Chromium
 * draws WebGL on SwiftShader (CPU) here: the times are for ratios only, a real GPU is far faster.
 * Viewport 1280 × 800; the first load is cold, the others warm (the browser's cache).
 *
 * Run it on its own with `flock /tmp/argus-e2e.lock npm run bench viewer` (it may rebuild the shared .next).
 */
import { existsSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { Client } from 'pg';
import { prefixed } from '../lib/log';
import { prepareStack, signIn, startStack, stopStack } from './lib/app';
import { percentile } from './stats';

const LOADS = 4;
const VIEWPORT = { width: 1280, height: 800 };
const log = prefixed('viewer-bench', 5);

async function demoMission(databaseUrl: string): Promise<number> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    // The worker converts the demo scan at first start: wait for the mission's cloud.
    for (let waited = 0; waited < 600; waited += 2) {
      const { rows } = await db.query<{ id: string }>(
        `select m.id from mission m join conversion c on c.mission_id = m.id and c.dataset_id is null and c.state = 'succeeded' where m.internal_reference = 'ARG-2026-DEMO'`,
      );
      if (rows[0]) return Number(rows[0].id);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    throw new Error('the demo mission has no online point cloud after 10 minutes');
  } finally {
    await db.end();
  }
}

interface Load {
  firstPointsMs: number;
  bytesBeforeFirstPoints: number;
  routeJsBytes: number;
  engineJsBytes: number;
}

/** One load: navigation → first points, and what the browser fetched (transfer sizes, as served). */
async function load(page: Page, url: string): Promise<Load> {
  await page.goto(url);
  await page.waitForFunction("performance.getEntriesByName('viewer:first-points').length > 0", null, { timeout: 180_000, polling: 100 });
  // A string, not a function: tsx's name helpers do not exist in the page.
  return page.evaluate(`(() => {
    const first = performance.getEntriesByName('viewer:first-points')[0].startTime;
    const engineMark = performance.getEntriesByName('viewer:engine-requested')[0];
    const engine = engineMark ? engineMark.startTime : first;
    const nav = performance.getEntriesByType('navigation')[0];
    const resources = performance.getEntriesByType('resource');
    const isJs = (r) => r.initiatorType === 'script' || /\\.js(\\?|$)/.test(r.name);
    const sum = (list) => list.reduce((s, r) => s + r.transferSize, 0);
    return {
      firstPointsMs: Math.round(first),
      bytesBeforeFirstPoints: nav.transferSize + sum(resources.filter((r) => r.responseEnd <= first)),
      routeJsBytes: sum(resources.filter((r) => r.responseEnd <= engine && isJs(r))),
      engineJsBytes: sum(resources.filter((r) => isJs(r) && r.responseEnd > engine && r.responseEnd <= first)),
    };
  })()`) as Promise<Load>;
}

/** The most points any frame drew while the camera goes through the standard views and focus. */
async function maxPointsFlying(page: Page): Promise<{ max: number; budget: number }> {
  await page.evaluate(`(() => {
    window.__maxPoints = 0;
    const sample = () => {
      const status = document.querySelector('[data-testid="viewer-status"]');
      window.__maxPoints = Math.max(window.__maxPoints, Number(status ? status.getAttribute('data-points') : 0));
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  })()`);
  const view = page.getByRole('navigation', { name: 'View' });
  for (const name of ['Top', 'Front', 'Left', 'Back', 'Right', 'Bottom', 'Focus on the point cloud']) {
    await view.getByRole('button', { name, exact: true }).click();
    // Let the level of detail settle for the new view (nodes stream in over several frames).
    await page.waitForTimeout(3_000);
  }
  const max = (await page.evaluate('window.__maxPoints')) as number;
  const budget = Number((await page.getByTestId('viewer-status').textContent())?.match(/of ([\d,]+) points/)?.[1]?.replace(/,/g, '') ?? 0);
  return { max, budget };
}

export default async function run(ctx: { databaseUrl: string }): Promise<Record<string, unknown>> {
  const stack = await prepareStack(ctx.databaseUrl, 'viewer');
  const app = stack.app;
  try {
    await startStack(stack, 900_000);
    const missionId = await demoMission(ctx.databaseUrl);
    const jar = await signIn(app, 'customer@example.com', 'Argus-Demo-2026!');
    const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
    const browser = await chromium.launch({
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    });
    try {
      // The page's CSP forbids string evaluation, which the measuring scripts need (tsx's helpers break functions).
      const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US', bypassCSP: true });
      const { hostname } = new URL(app);
      await context.addCookies([...jar].map(([name, value]) => ({ name, value, domain: hostname, path: '/' })));
      const page = await context.newPage();
      const url = `${app}/mission/${missionId}/viewer`;
      const loads: Load[] = [];
      for (let i = 0; i < LOADS; i++) loads.push(await load(page, url));
      const flying = await maxPointsFlying(page);
      const warm = loads.slice(1);
      const result = {
        method:
          'demo mission ARG-2026-DEMO as customer@, Chromium on SwiftShader 1280×800; first load cold, then warm; marks viewer:engine-requested and viewer:first-points; transfer sizes as served; max points sampled every frame over six standard views and focus',
        missionId,
        firstPointsMs: { cold: loads[0]!.firstPointsMs, warmP50: percentile(warm.map((l) => l.firstPointsMs), 50), all: loads.map((l) => l.firstPointsMs) },
        bytesBeforeFirstPoints: { cold: loads[0]!.bytesBeforeFirstPoints, warm: warm.map((l) => l.bytesBeforeFirstPoints) },
        routeJsBytesGzip: loads[0]!.routeJsBytes,
        engineJsBytesGzip: loads[0]!.engineJsBytes,
        pointsDrawn: { max: flying.max, budget: flying.budget, withinBudget: flying.max <= flying.budget },
      };
      log(JSON.stringify(result));
      return result;
    } finally {
      await browser.close();
    }
  } finally {
    await stopStack(stack);
  }
}
