/**
 * `npx tsx scripts/profile/first-paint.ts [path…] [--loads N]`: when a page's first paint and first
 * contentful paint happen against the end of its parsing, with the page's scripts and without.
 * Starts the stack like run.ts and loads each path as customer@ at full speed in a phone's viewport,
 * alternating scripts on and off. Without scripts the first paint is contentful; with them it should
 * be too. A first paint that shows nothing, followed by the contentful one near DOMContentLoaded,
 * means something in the body held the content back (an inline script before it: app/app-chrome.tsx).
 * `{demo}` in a path is the demo mission.
 */
import { prefixed } from '../lib/log';
import { demoMissionId, signIn, workerSettled } from '../bench/lib/app';
import { phonePage, withBrowserStack } from './lib/browser';

const log = prefixed('first-paint', 5);

async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--loads');
  const loads = at >= 0 ? Number(args.splice(at, 2)[1]) : 3;
  const paths = args.length ? args : ['/mission/{demo}', '/mission-list'];
  await withBrowserStack('first-paint', async (stack, url, browser) => {
    await workerSettled(url);
    const demo = String(await demoMissionId(url));
    const cookies = await signIn(stack.app, 'customer@example.com', 'Argus-Demo-2026!');
    for (const path of paths) {
      for (let i = 0; i < 2 * loads; i++) {
        const javaScriptEnabled = i % 2 === 0;
        const { context, page } = await phonePage(browser, stack.app, cookies, { javaScriptEnabled });
        await page.goto(stack.app + path.replace('{demo}', demo), { waitUntil: 'load' });
        await page.waitForTimeout(1500); // the paint entries of a page that paints late
        // The page's own scripts may be off: evaluate through the protocol, which that does not stop.
        const cdp = await context.newCDPSession(page);
        const { result } = await cdp.send('Runtime.evaluate', {
          returnByValue: true,
          expression: `(() => {
            const paint = Object.fromEntries(performance.getEntriesByType('paint').map((e) => [e.name, Math.round(e.startTime)]));
            const nav = performance.getEntriesByType('navigation')[0];
            return { ...paint, responseEnd: Math.round(nav.responseEnd), domInteractive: Math.round(nav.domInteractive) };
          })()`,
        });
        log(`${path} scripts ${javaScriptEnabled ? 'on ' : 'off'}: ${JSON.stringify(result.value)}`);
        await context.close();
      }
    }
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
