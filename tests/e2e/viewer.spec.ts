import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';
import { withDb } from './support/db';

// Issue 16 in the browser (Chromium with SwiftShader): the demo mission's online point cloud
// (ARG-2026-DEMO, company Nord, converted by the worker at the stack's first start) opens in the
// viewer and draws points within the budget; the settings apply live and are remembered after a
// reload; a mission without a cloud says why; another company's customer is refused.
test.use({ locale: 'en-US', timezoneId: 'Europe/Berlin' });

async function demoMission(): Promise<number> {
  const { rows } = await withDb((db) => db.query<{ id: string }>(`select id from mission where internal_reference = 'ARG-2026-DEMO'`));
  expect(rows[0], 'the demo mission').toBeDefined();
  return Number(rows[0]!.id);
}

/** Waits for the worker to have built the mission's online point cloud (it converts the demo scan at first start). */
async function cloudReady(missionId: number) {
  await expect
    .poll(
      async () =>
        (await withDb((db) => db.query(`select 1 from conversion where mission_id = $1 and dataset_id is null and state = 'succeeded'`, [missionId]))).rowCount,
      { timeout: 240_000, intervals: [2_000] },
    )
    .toBeGreaterThan(0);
}

/** How many distinct colours the canvas shows: a blank canvas shows its background only. */
async function canvasColours(page: Page): Promise<number> {
  const png = await page.getByTestId('viewer-canvas').screenshot();
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const colours = new Set<number>();
  for (let i = 0; i < data.length; i += info.channels) colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
  return colours.size;
}

const status = (page: Page) => page.getByTestId('viewer-status');
const pointsDrawn = async (page: Page) => Number(await status(page).getAttribute('data-points'));

test("customer@ opens the demo mission's point cloud: points are drawn within the budget, settings apply and are remembered", async ({ page }) => {
  test.setTimeout(300_000);
  const missionId = await demoMission();
  await cloudReady(missionId);
  await signInOverHttp(page, 'customer@example.com');

  // The mission detail links to the viewer once the online cloud exists.
  await page.goto(`/mission/${missionId}`);
  await page.getByTestId('open-viewer').click();
  await expect(page).toHaveURL(new RegExp(`/mission/${missionId}/viewer$`));
  await expect(page).toHaveTitle(`Argus | 3D viewer of mission ${missionId}`);

  // A small budget for SwiftShader: set it live in the settings.
  await page.getByRole('button', { name: 'Show settings' }).click();
  await page.getByLabel('Point budget').fill('100000');
  await expect(status(page)).toHaveAttribute('data-phase', 'ready', { timeout: 60_000 });
  await expect.poll(() => pointsDrawn(page)).toBeGreaterThan(0);
  expect(await pointsDrawn(page)).toBeLessThanOrEqual(100_000);
  await expect(status(page)).toContainText('of 100,000 points drawn');
  // Points on the gradient: far more colours than a blank canvas.
  await expect.poll(() => canvasColours(page), { timeout: 30_000 }).toBeGreaterThan(200);

  // The theme changes what is drawn (elevation colours instead of the scan's RGB).
  const rgb = await page.getByTestId('viewer-canvas').screenshot();
  await page.getByLabel('Point cloud theme').selectOption('elevation');
  await expect.poll(async () => Buffer.compare(await page.getByTestId('viewer-canvas').screenshot(), rgb) !== 0).toBe(true);

  // Remembered for this user after a reload.
  await page.reload();
  await page.getByRole('button', { name: 'Show settings' }).click();
  await expect(page.getByLabel('Point budget')).toHaveValue('100000');
  await expect(page.getByLabel('Point cloud theme')).toHaveValue('elevation');
  await expect(status(page)).toHaveAttribute('data-phase', 'ready', { timeout: 60_000 });
  expect(await pointsDrawn(page)).toBeLessThanOrEqual(100_000);
});

test('a mission without an online point cloud says why instead of showing a canvas', async ({ page }) => {
  const { rows } = await withDb((db) =>
    db.query<{ id: string }>(
      `select m.id from mission m
        where m.company_id = (select company_id from mission where internal_reference = 'ARG-2026-DEMO')
          and not exists (select 1 from conversion v where v.mission_id = m.id) order by m.id limit 1`,
    ),
  );
  expect(rows[0], "a mission of customer@'s company without a cloud").toBeDefined();
  const missionId = Number(rows[0]!.id);
  await signInOverHttp(page, 'customer@example.com');
  await page.goto(`/mission/${missionId}/viewer`);
  await expect(page.getByTestId('viewer-not-ready')).toContainText('This mission has no online point cloud yet.');
  await expect(page.getByTestId('viewer-canvas')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to the mission' })).toHaveAttribute('href', `/mission/${missionId}`);
});

test("customer2@ cannot open another company's viewer or its cloud", async ({ page }) => {
  const missionId = await demoMission();
  await signInOverHttp(page, 'customer2@example.com');
  await page.goto(`/mission/${missionId}/viewer`);
  await expect(page.getByRole('heading', { name: `Not authorized to access mission id ${missionId}` })).toBeVisible();
  await expect(page.getByTestId('viewer-canvas')).toHaveCount(0);
  const metadata = await page.request.get(`/api/v2/missions/${missionId}/pointcloud/metadata.json`);
  expect(metadata.status()).toBe(403);
  const measurements = await page.request.get(`/api/v2/missions/${missionId}/measurements`);
  expect(measurements.status()).toBe(403);
});
