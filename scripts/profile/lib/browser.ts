/**
 * What the browser profiles share (browser-page.ts, ab-browser.ts, first-paint.ts): the stack as
 * the benchmarks start it on a throwaway database with the demo data, Chromium, and page loads as
 * Lighthouse's mobile preset makes them — a phone's viewport, the CPU slowed 4×, a fresh context
 * each time — with the page's long tasks recorded.
 */
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { createDatabaseIfMissing, throwawayDatabase } from '../../lib/database';
import { prefixed } from '../../lib/log';
import { applyMigrations } from '../../lib/migrate';
import { prepareStack, startStack, stopStack, type BenchStack } from '../../bench/lib/app';

export interface LongTask {
  start: number;
  duration: number;
}

export async function withBrowserStack(name: string, run: (stack: BenchStack, databaseUrl: string, browser: Browser) => Promise<void>): Promise<void> {
  const database = await throwawayDatabase(prefixed('postgres', 1));
  const url = await createDatabaseIfMissing(database.url, name.replaceAll('-', '_'));
  await applyMigrations(url);
  const stack = await prepareStack(url, name);
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  try {
    await startStack(stack, 900_000);
    await run(stack, url, browser);
  } finally {
    await browser.close();
    await stopStack(stack);
    await database.stop();
  }
}

/** A fresh context in a phone's viewport (Lighthouse's mobile preset), signed in with `cookies` for `origin`. */
export async function phonePage(browser: Browser, origin: string, cookies: Map<string, string>, options: { javaScriptEnabled?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, ...options });
  await context.addCookies([...cookies].map(([name, value]) => ({ name, value, url: origin })));
  return { context, page: await context.newPage() };
}

/** {@link phonePage} recording the page's long tasks, the CPU slowed 4×. */
export async function throttledPage(browser: Browser, origin: string, cookies: Map<string, string>): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const { context, page } = await phonePage(browser, origin, cookies);
  await page.addInitScript(() => {
    const seen: { start: number; duration: number }[] = [];
    (window as unknown as { __longTasks: typeof seen }).__longTasks = seen;
    new PerformanceObserver((list) => list.getEntries().forEach((e) => seen.push({ start: Math.round(e.startTime), duration: Math.round(e.duration) }))).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page, cdp };
}

export const longTasks = (page: Page): Promise<LongTask[]> => page.evaluate(() => (window as unknown as { __longTasks: LongTask[] }).__longTasks);

/** Total blocking time's rule: each task's time beyond 50 ms. */
export const blockingMs = (tasks: LongTask[]): number => tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
