/**
 * The tour viewer in Chromium against the running stack (issue 17 "Measure"): time from
 * navigation start to the first panorama drawn (performance mark `tour:first-panorama`, set by
 * the engine on the frame after Photo Sphere Viewer's first `panorama-loaded`: the preview, tiles
 * follow) and the bytes fetched before it (navigation, scripts, styles, the preview), as served.
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { Client } from 'pg';
import { prepareStack, signIn, startStack, stopStack } from './app';
import { percentile } from '../stats';

const LOADS = 5;
const VIEWPORT = { width: 1280, height: 800 };

/** The demo tour once the worker generated it (after the demo point cloud's conversion). */
async function demoTour(databaseUrl: string): Promise<{ missionId: number; tourId: number }> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    for (let waited = 0; waited < 900; waited += 2) {
      const { rows } = await db.query<{ mission_id: string; id: string }>(
        `select t.mission_id, t.id from tour t join mission m on m.id = t.mission_id where m.internal_reference = 'ARG-2026-DEMO' and t.manifest is not null`,
      );
      if (rows[0]) return { missionId: Number(rows[0].mission_id), tourId: Number(rows[0].id) };
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    throw new Error('the demo tour was not generated after 15 minutes');
  } finally {
    await db.end();
  }
}

interface Load {
  firstPanoramaMs: number;
  bytesBeforeFirstPanorama: number;
}

export async function tourFirstPanorama(databaseUrl: string): Promise<Record<string, unknown>> {
  const stack = await prepareStack(databaseUrl, 'tours');
  try {
    await startStack(stack, 900_000);
    const { missionId, tourId } = await demoTour(databaseUrl);
    const jar = await signIn(stack.app, 'customer@example.com', 'Argus-Demo-2026!');
    const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
    const browser = await chromium.launch({
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    });
    try {
      // The page's CSP forbids string evaluation, which the measuring script needs.
      const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US', bypassCSP: true });
      const { hostname } = new URL(stack.app);
      await context.addCookies([...jar].map(([name, value]) => ({ name, value, domain: hostname, path: '/' })));
      const page = await context.newPage();
      const url = `${stack.app}/mission/${missionId}/virtual_tour/${tourId}`;
      const loads: Load[] = [];
      for (let i = 0; i < LOADS; i++) {
        await page.goto(url);
        await page.waitForFunction("performance.getEntriesByName('tour:first-panorama').length > 0", null, { timeout: 120_000, polling: 50 });
        loads.push(
          (await page.evaluate(`(() => {
            const first = performance.getEntriesByName('tour:first-panorama')[0].startTime;
            const nav = performance.getEntriesByType('navigation')[0];
            const before = performance.getEntriesByType('resource').filter((r) => r.responseEnd <= first);
            return { firstPanoramaMs: Math.round(first), bytesBeforeFirstPanorama: nav.transferSize + before.reduce((s, r) => s + r.transferSize, 0) };
          })()`)) as Load,
        );
      }
      const warm = loads.slice(1);
      return {
        method: 'demo tour of ARG-2026-DEMO as customer@, Chromium on SwiftShader 1280×800; first load cold, then warm; mark tour:first-panorama (frame after the first panorama-loaded); transfer sizes as served',
        firstPanoramaMs: { cold: loads[0]!.firstPanoramaMs, warmP50: percentile(warm.map((l) => l.firstPanoramaMs), 50), all: loads.map((l) => l.firstPanoramaMs) },
        goalMs: 1500,
        bytesBeforeFirstPanorama: { cold: loads[0]!.bytesBeforeFirstPanorama, warm: warm.map((l) => l.bytesBeforeFirstPanorama) },
      };
    } finally {
      await browser.close();
    }
  } finally {
    await stopStack(stack);
  }
}
