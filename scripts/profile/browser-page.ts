/**
 * `npx tsx scripts/profile/browser-page.ts [path] [loads]`: where the browser's main thread goes
 * while a page loads and hydrates, as Lighthouse's mobile preset slows it (4× CPU). Starts the
 * stack like run.ts, signs in customer@ (the Lighthouse benchmark's user), loads the page in
 * Chromium `loads` times (the first only warms the server) and writes, per load, the renderer's
 * CPU profile and its long tasks to a temporary folder. `{demo}` in the path is the demo mission.
 * Sum a profile with scripts/profile/summary.ts.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { createDatabaseIfMissing, throwawayDatabase } from '../lib/database';
import { prefixed } from '../lib/log';
import { applyMigrations } from '../lib/migrate';
import { demoMissionId, prepareStack, signIn, startStack, stopStack, workerSettled } from '../bench/lib/app';

const log = prefixed('browser-profile', 5);

async function main() {
  const [path = '/mission/{demo}', loads = '4'] = process.argv.slice(2);
  const out = mkdtempSync(join(tmpdir(), 'argus-browser-profile-'));
  const database = await throwawayDatabase(prefixed('postgres', 1));
  const url = await createDatabaseIfMissing(database.url, 'browser_profile');
  await applyMigrations(url);
  const stack = await prepareStack(url, 'browser-profile');
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  try {
    await startStack(stack, 900_000);
    await workerSettled(url);
    const target = stack.app + path.replace('{demo}', String(await demoMissionId(url)));
    const cookies = await signIn(stack.app, 'customer@example.com', 'Argus-Demo-2026!');
    for (let i = 0; i < Number(loads); i++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      await context.addCookies([...cookies].map(([name, value]) => ({ name, value, url: stack.app })));
      const page = await context.newPage();
      await page.addInitScript(() => {
        const tasks: { start: number; duration: number }[] = ((window as unknown as { __longTasks: unknown[] }).__longTasks = []) as never;
        new PerformanceObserver((list) => list.getEntries().forEach((e) => tasks.push({ start: Math.round(e.startTime), duration: Math.round(e.duration) }))).observe({ type: 'longtask', buffered: true });
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(target, { waitUntil: 'load' });
      await page.waitForTimeout(4000); // hydration, lazy sections and their first fetches
      const { profile } = await cdp.send('Profiler.stop');
      const tasks = await page.evaluate(() => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks);
      if (i > 0) {
        writeFileSync(join(out, `load-${i}.cpuprofile`), JSON.stringify(profile));
        const blocking = tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
        log(`load ${i}: long tasks ${JSON.stringify(tasks)}, blocking ${blocking} ms`);
      }
      await context.close();
    }
    log(`profiles in ${out}`);
  } finally {
    await browser.close();
    await stopStack(stack);
    await database.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
