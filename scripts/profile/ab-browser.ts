/**
 * `npx tsx scripts/profile/ab-browser.ts <bDir> [path] [rounds]`: an A/B of what the browser's main
 * thread does while a page loads, two builds on one stack. A = this tree's stack (scripts/start.ts,
 * the demo data, worker settled), B = `node scripts/app-server.mjs` in <bDir> (a worktree with its
 * own .next build) on the same database and identity service. Chromium loads the page as customer@
 * (Lighthouse's user) with the CPU slowed 4× as Lighthouse's mobile preset does, in a fresh context
 * each time, alternating A B B A …: single loads scatter too widely on this machine for one series
 * after another to tell a change from the drift (Lighthouse's own median of five moved 83 → 93 for
 * one build). Per variant: the medians of the blocking time after the first contentful paint (long
 * tasks' time beyond 50 ms, as total blocking time counts it), the longest task and the first
 * contentful paint. `{demo}` in the path is the demo mission.
 */
import type { Browser } from '@playwright/test';
import { freePort } from '../lib/database';
import { prefixed } from '../lib/log';
import { demoMissionId, signIn, startBuildCopy, workerSettled } from '../bench/lib/app';
import { percentile } from '../bench/stats';
import { blockingMs, longTasks, throttledPage, withBrowserStack } from './lib/browser';

const log = prefixed('ab-browser', 5);

interface Load {
  fcp: number;
  blocking: number;
  longest: number;
}

async function loadOnce(browser: Browser, origin: string, path: string, cookies: Map<string, string>): Promise<Load> {
  const { context, page } = await throttledPage(browser, origin, cookies);
  try {
    await page.goto(origin + path, { waitUntil: 'load' });
    await page.waitForTimeout(4000); // hydration, the browser-only sections and their first requests
    const fcp = Math.round(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0));
    const after = (await longTasks(page)).filter((t) => t.start + t.duration > fcp);
    return { fcp, blocking: blockingMs(after), longest: Math.max(0, ...after.map((t) => t.duration)) };
  } finally {
    await context.close();
  }
}

async function main() {
  const [bDir, path = '/mission/{demo}', roundsArg = '8'] = process.argv.slice(2);
  if (!bDir) throw new Error('usage: ab-browser.ts <bDir> [path] [rounds]');
  await withBrowserStack('ab-browser', async (stack, url, browser) => {
    const bOrigin = await startBuildCopy(stack, 'app-b', bDir, await freePort(), { server: 'scripts/app-server.mjs' });
    log(`worker settled: ${JSON.stringify(await workerSettled(url))}`);
    const target = path.replace('{demo}', String(await demoMissionId(url)));
    const origins = { A: stack.app, B: bOrigin };
    const cookies = await signIn(stack.app, 'customer@example.com', 'Argus-Demo-2026!');
    const loads: Record<'A' | 'B', Load[]> = { A: [], B: [] };
    // One load of each first: the servers' own first renders and compilations are not the browser's.
    for (const v of ['A', 'B'] as const) await loadOnce(browser, origins[v], target, cookies);
    for (let r = 0; r < Number(roundsArg) * 2; r++) {
      const v = (r % 2 === 0) === (Math.floor(r / 2) % 2 === 0) ? 'A' : 'B';
      const load = await loadOnce(browser, origins[v], target, cookies);
      loads[v].push(load);
      log(`round ${r} ${v}: ${JSON.stringify(load)}`);
    }
    for (const v of ['A', 'B'] as const) {
      const median = (key: keyof Load) => percentile(loads[v].map((l) => l[key]), 50);
      log(`${v}: blocking after FCP ${median('blocking')} ms, longest task ${median('longest')} ms, FCP ${median('fcp')} ms (medians of ${loads[v].length})`);
    }
  });
  process.exit(0);
}

void main();
