/**
 * Map overview at scale (issue 7, "Measure"): 100 000 missions spread over Germany in a throwaway
 * database; `GET /api/v2/map/missions` for the whole-Germany view at zoom 6 and a city view (Berlin)
 * at zoom 12 — p50/p95 in ms at 1 and 10 concurrent clients, and the answer's size raw and gzip;
 * then the time to the first complete render of the visible clusters in Chromium: /map-overview
 * opened as admin@ (internal: sees all 100 000), from navigation start to the page's
 * `map:clusters-rendered` mark (first answer drawn after the map's idle event).
 *
 * Method. The stack starts the way `npm test -- e2e` starts it (scripts/start.ts: production build,
 * identity service, worker, app, demo seed) on the bench database, like missions.bench.ts. The
 * missions are added with set-based SQL (deterministic: setseed): 70 % scattered around 20 German
 * cities (a few km), 30 % uniformly over Germany's box; status and step cycle through every value.
 * Chromium renders WebGL on SwiftShader (CPU) here, so the render time is an upper bound for a
 * real GPU; the viewport is 1280 × 800.
 *
 * Run it on its own with `flock /tmp/argus-e2e.lock npm run bench map` (it may rebuild the shared .next).
 */
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { Client } from 'pg';
import { prefixed } from '../lib/log';
import { cookieHeader, prepareStack, signIn, startStack, stopStack } from './lib/app';
import { percentile } from './stats';

const MISSIONS = 100_000;
const ROUNDS = 3;
const PER_ROUND = { 1: 30, 10: 100 } as const;
const RENDERS = 5;
const VIEWPORT = { width: 1280, height: 800 };
const log = prefixed('map-bench', 5);

/** What a 1280 × 800 map shows: Germany at zoom 6, central Berlin at zoom 12. */
const VIEWS = {
  germanyZoom6: 'bbox=3.5,46.4,17.5,55.6&zoom=6',
  berlinZoom12: 'bbox=13.29,52.48,13.51,52.55&zoom=12',
} as const;

const CITIES: [number, number][] = [
  [13.405, 52.52], [9.993, 53.551], [11.576, 48.137], [6.96, 50.938], [8.682, 50.11], [9.18, 48.778], [6.773, 51.227],
  [12.374, 51.34], [7.466, 51.514], [7.012, 51.455], [8.806, 53.075], [13.738, 51.05], [9.732, 52.375], [11.077, 49.452],
  [7.216, 51.481], [7.099, 50.733], [8.466, 49.487], [8.404, 49.006], [10.898, 48.371], [10.52, 52.264],
];

async function seedMissions(databaseUrl: string): Promise<void> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows: customers } = await db.query<{ id: string; company_id: string }>('select id, company_id from customer where parent_id is null order by id');
    const started = Date.now();
    await db.query('select setseed(0.42)');
    await db.query(
      `with cities(i, lon, lat) as (select c.i, (c.v->>0)::float8, (c.v->>1)::float8 from jsonb_array_elements($4::jsonb) with ordinality as c(v, i)),
            pts as (
              select g, case when g % 10 < 7 then 'city' else 'land' end as kind, 1 + g % 20 as city, random() as r1, random() as r2, random() as r3
              from generate_series(1, ${MISSIONS}) g)
       insert into mission (name, company_id, customer_id, internal_reference, status, step, products, latitude, longitude, created_at, updated_at)
       select 'Karten-Mission ' || g, ($1::bigint[])[1 + g % $3], ($2::bigint[])[1 + g % $3], 'MAP-' || g,
              (enum_range(null::mission_status))[1 + g % 4], (enum_range(null::project_step))[1 + g % 17], '{pointcloud}'::mission_product[],
              case when kind = 'city' then c.lat + (r1 - 0.5) * 0.12 * sqrt(r3) else 47.3 + r1 * 7.7 end,
              case when kind = 'city' then c.lon + (r2 - 0.5) * 0.18 * sqrt(r3) else 5.9 + r2 * 9.1 end,
              now() - g * interval '1 minute', now() - g * interval '1 minute'
       from pts join cities c on c.i = pts.city`,
      [customers.map((c) => c.company_id), customers.map((c) => c.id), customers.length, JSON.stringify(CITIES)],
    );
    await db.query('analyze mission');
    log(`seeded ${MISSIONS} missions in ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    await db.end();
  }
}

async function measure(concurrency: number, n: number, url: string, cookie: string, samples: number[]): Promise<void> {
  let left = n;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) {
        const t = performance.now();
        const res = await fetch(url, { headers: { Cookie: cookie, Accept: 'application/json', 'Accept-Encoding': 'gzip' } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`unexpected status ${res.status}`);
        samples.push(performance.now() - t);
      }
    }),
  );
}

/** Navigation start → `map:clusters-rendered`, in a fresh page each time (the first also loads the JS cold). */
async function renderTimes(app: string, jar: Map<string, string>): Promise<{ ms: number[]; features: number[] }> {
  const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US' });
    const { hostname } = new URL(app);
    await context.addCookies([...jar].map(([name, value]) => ({ name, value, domain: hostname, path: '/' })));
    const ms: number[] = [];
    const features: number[] = [];
    for (let i = 0; i < RENDERS; i++) {
      const page = await context.newPage();
      await page.goto(`${app}/map-overview`);
      await page.getByTestId('map-overview').and(page.locator('[data-clusters-rendered="true"]')).waitFor({ timeout: 120_000 });
      ms.push(await page.evaluate(() => Math.round(performance.getEntriesByName('map:clusters-rendered')[0]!.startTime)));
      features.push(Number(await page.getByTestId('map-overview').getAttribute('data-feature-count')));
      await page.close();
    }
    return { ms, features };
  } finally {
    await browser.close();
  }
}

export default async function run(ctx: { databaseUrl: string }): Promise<Record<string, unknown>> {
  const stack = await prepareStack(ctx.databaseUrl, 'map');
  const app = stack.app;
  try {
    await startStack(stack, 900_000);
    await seedMissions(ctx.databaseUrl);
    const jar = await signIn(app, 'admin@example.com', 'Argus-Demo-2026!');
    const cookie = cookieHeader(jar);

    const result: Record<string, unknown> = {
      method:
        '100 000 seeded missions over Germany (70 % around 20 cities, 30 % uniform); admin@ session; API p50/p95 over 3 rounds; render = navigation start → performance mark map:clusters-rendered in Chromium on SwiftShader, 1280×800',
      missions: MISSIONS,
    };
    for (const [name, query] of Object.entries(VIEWS)) {
      const url = `${app}/api/v2/map/missions?${query}`;
      const res = await fetch(url, { headers: { Cookie: cookie, Accept: 'application/json' } });
      const raw = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status} ${raw.toString()}`);
      const body = JSON.parse(raw.toString()) as { total: number; clusters: unknown[]; missions: unknown[] };
      const samples: Record<number, number[]> = { 1: [], 10: [] };
      await measure(10, 30, url, cookie, []);
      for (let round = 0; round < ROUNDS; round++) {
        for (const c of [1, 10] as const) await measure(c, PER_ROUND[c], url, cookie, samples[c]!);
      }
      const served = await fetch(url, { headers: { Cookie: cookie, 'Accept-Encoding': 'gzip' } });
      result[name] = {
        query,
        missionsInView: body.total,
        clusters: body.clusters.length,
        singleMissions: body.missions.length,
        rawBytes: raw.length,
        gzipBytes: gzipSync(raw).length,
        servedContentEncoding: served.headers.get('content-encoding') ?? 'none',
        p50At1: percentile(samples[1]!, 50),
        p95At1: percentile(samples[1]!, 95),
        p50At10: percentile(samples[10]!, 50),
        p95At10: percentile(samples[10]!, 95),
      };
      log(`${name}: ${JSON.stringify(result[name])}`);
    }
    const render = await renderTimes(app, jar);
    const warm = render.ms.slice(1);
    result.firstRenderMs = { cold: render.ms[0], warmP50: percentile(warm, 50), all: render.ms, featuresDrawn: render.features[0] };
    return result;
  } finally {
    await stopStack(stack);
  }
}
