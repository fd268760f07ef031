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
import { prefixed } from '../lib/log';
import { demoMissionId, signIn, workerSettled } from '../bench/lib/app';
import { blockingMs, longTasks, throttledPage, withBrowserStack } from './lib/browser';

const log = prefixed('browser-profile', 5);

async function main() {
  const [path = '/mission/{demo}', loads = '4'] = process.argv.slice(2);
  const out = mkdtempSync(join(tmpdir(), 'argus-browser-profile-'));
  await withBrowserStack('browser-profile', async (stack, url, browser) => {
    await workerSettled(url);
    const target = stack.app + path.replace('{demo}', String(await demoMissionId(url)));
    const cookies = await signIn(stack.app, 'customer@example.com', 'Argus-Demo-2026!');
    for (let i = 0; i < Number(loads); i++) {
      const { context, page, cdp } = await throttledPage(browser, stack.app, cookies);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(target, { waitUntil: 'load' });
      await page.waitForTimeout(4000); // hydration, lazy sections and their first fetches
      const { profile } = await cdp.send('Profiler.stop');
      const tasks = await longTasks(page);
      if (i > 0) {
        writeFileSync(join(out, `load-${i}.cpuprofile`), JSON.stringify(profile));
        log(`load ${i}: long tasks ${JSON.stringify(tasks)}, blocking ${blockingMs(tasks)} ms`);
      }
      await context.close();
    }
    log(`profiles in ${out}`);
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
