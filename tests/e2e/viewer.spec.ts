import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';
import { withDb } from './support/db';
import { createIdentity, DEMO_PASSWORD, uniqueEmail } from './support/identity';

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
  test.setTimeout(420_000);
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
  await expect.poll(async () => Buffer.compare(await page.getByTestId('viewer-canvas').screenshot(), rgb) !== 0, { timeout: 60_000 }).toBe(true);

  // Remembered for this user after a reload.
  await page.reload();
  await page.getByRole('button', { name: 'Show settings' }).click();
  await expect(page.getByLabel('Point budget')).toHaveValue('100000');
  await expect(page.getByLabel('Point cloud theme')).toHaveValue('elevation');
  await expect(status(page)).toHaveAttribute('data-phase', 'ready', { timeout: 60_000 });
  expect(await pointsDrawn(page)).toBeLessThanOrEqual(100_000);
});

/** Opens the viewer with a small point budget (SwiftShader) and waits for points. */
async function openViewer(page: Page, missionId: number) {
  await page.goto(`/mission/${missionId}/viewer`);
  await page.getByRole('button', { name: 'Show settings' }).click();
  await page.getByLabel('Point budget').fill('100000');
  await page.getByRole('button', { name: 'Hide settings' }).click();
  await expect(status(page)).toHaveAttribute('data-phase', 'ready', { timeout: 60_000 });
}

const items = (page: Page) => page.getByTestId('viewer-items');

test('customer@ measures a distance: picked on the cloud or typed, saved, kept after a reload and seen by a colleague', async ({ page, browser }) => {
  test.setTimeout(420_000);
  const missionId = await demoMission();
  await cloudReady(missionId);
  await signInOverHttp(page, 'customer@example.com');
  await openViewer(page, missionId);
  const metadata = (await (await page.request.get(`/api/v2/missions/${missionId}/pointcloud/metadata.json`)).json()) as { boundingBox: { min: number[]; max: number[] } };
  const [x, y, z] = metadata.boundingBox.min as [number, number, number];

  // A click on the cloud picks a real point inside its bounds.
  await items(page).getByRole('button', { name: 'Distance', exact: true }).click();
  const draft = page.getByTestId('viewer-draft');
  await page.getByTestId('viewer-canvas').click();
  await expect(draft.getByTestId('viewer-draft-points')).toHaveText('1 point', { timeout: 30_000 });
  await draft.getByRole('button', { name: 'Cancel' }).click();

  // Two typed points 13 m apart (3, 4, 12): the panel reads 13.000 m.
  await items(page).getByRole('button', { name: 'Distance', exact: true }).click();
  const type = async (p: [number, number, number]) => {
    await draft.getByLabel('Easting').fill(String(p[0]));
    await draft.getByLabel('Northing').fill(String(p[1]));
    await draft.getByLabel('Height', { exact: true }).fill(String(p[2]));
    await draft.getByRole('button', { name: 'Add point' }).click();
  };
  const a: [number, number, number] = [x + 1.25, y + 2.5, z + 0.75];
  await type(a);
  await type([a[0] + 3, a[1] + 4, a[2] + 12]);
  await expect(draft.getByTestId('viewer-draft-measure')).toHaveText('13.000 m');
  const name = `Distance ${(await items(page).locator('[data-testid="viewer-item"][data-kind="distance"]').count()) + 1}`;
  await draft.getByRole('button', { name: 'Finish' }).click();
  const row = items(page).getByTestId('viewer-item').filter({ hasText: name });
  await expect(row.getByTestId('viewer-item-measure')).toHaveText('13.000 m');

  // Saved to the mission: after a reload, and through the API to the centimetre.
  await page.reload();
  await expect(items(page).getByTestId('viewer-item').filter({ hasText: name }).getByTestId('viewer-item-measure')).toHaveText('13.000 m', { timeout: 60_000 });
  const saved = (await (await page.request.get(`/api/v2/missions/${missionId}/measurements`)).json()) as { items: { name: string; measures: { total?: number } }[] };
  expect(Math.abs(saved.items.find((i) => i.name === name)!.measures.total! - 13)).toBeLessThan(0.01);

  // Rename, undo and redo in the session.
  await items(page).getByRole('button', { name: `Rename ${name}` }).click();
  await items(page).getByRole('textbox', { name: 'Name' }).fill(`${name} Traufe`);
  await items(page).getByRole('button', { name: 'Save' }).click();
  await expect(items(page).getByText(`${name} Traufe`)).toBeVisible();
  await items(page).getByRole('button', { name: 'Undo' }).click();
  await expect(items(page).getByText(`${name} Traufe`)).toHaveCount(0);
  await items(page).getByRole('button', { name: 'Redo' }).click();
  await expect(items(page).getByText(`${name} Traufe`)).toBeVisible();

  // A colleague of the same company sees it (read and edit as the mission allows).
  const email = uniqueEmail('viewer-colleague');
  await createIdentity(email, DEMO_PASSWORD, { roles: ['customer'], customerID: 6 });
  const colleague = await browser.newPage({ locale: 'en-US' });
  await signInOverHttp(colleague, email);
  await openViewer(colleague, missionId);
  await expect(items(colleague).getByTestId('viewer-item').filter({ hasText: `${name} Traufe` }).getByTestId('viewer-item-measure')).toHaveText('13.000 m');
  await colleague.close();

  // The mission's print view (and so its PDF) lists it with what it measures.
  await page.goto(`/mission/${missionId}/print`);
  await expect(page.getByTestId('print-measurements').getByRole('row').filter({ hasText: `${name} Traufe` })).toContainText('13.000 m (1 segment)');
});

test('customer@ changes the view: standard views, orthographic, focus, and a screenshot PNG of the asked size', async ({ page }) => {
  test.setTimeout(420_000);
  const missionId = await demoMission();
  await cloudReady(missionId);
  await signInOverHttp(page, 'customer@example.com');
  await openViewer(page, missionId);

  // Standard views, the orthographic camera and focus each change what the canvas shows.
  const canvas = page.getByTestId('viewer-canvas');
  const changes = async (act: () => Promise<void>) => {
    const before = await canvas.screenshot();
    await act();
    // SwiftShader draws a frame a second or slower on this machine (a new shader takes longer).
    await expect.poll(async () => Buffer.compare(await canvas.screenshot(), before) !== 0, { timeout: 60_000 }).toBe(true);
  };
  const view = page.getByRole('navigation', { name: 'View' });
  await changes(() => view.getByRole('button', { name: 'Top' }).click());
  await changes(() => view.getByRole('button', { name: 'Front' }).click());
  await changes(() => view.getByRole('button', { name: 'Orthographic' }).click());
  await expect(view.getByRole('button', { name: 'Orthographic' })).toHaveAttribute('aria-pressed', 'true');
  await changes(() => view.getByRole('button', { name: 'Focus on the point cloud' }).click());

  // Fly: with the view focused, W flies ahead until released; earth: a drag moves over the ground.
  await view.getByLabel('Navigation').selectOption('fly');
  await expect(page.getByTestId('viewer-navigation-hint')).toContainText('W A S D');
  await canvas.focus();
  await changes(() => page.keyboard.down('w'));
  await page.keyboard.up('w');
  await view.getByLabel('Navigation').selectOption('earth');
  const frame = (await canvas.boundingBox())!;
  await changes(async () => {
    await page.mouse.move(frame.x + frame.width / 2, frame.y + frame.height / 2);
    await page.mouse.down();
    await page.mouse.move(frame.x + frame.width / 2 + 120, frame.y + frame.height / 2 + 40, { steps: 5 });
    await page.mouse.up();
  });

  // A screenshot at a chosen size is a PNG of that size.
  await view.getByLabel('Width').fill('640');
  await view.getByLabel('Height').fill('480');
  const download = page.waitForEvent('download', { timeout: 120_000 });
  await view.getByRole('button', { name: 'Screenshot (PNG)' }).click();
  const file = await (await download).path();
  const meta = await sharp(file).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['png', 640, 480]);

});

test('customer@ clips the cloud with a box and exports a slice view that the mission detail lists under rendered slices', async ({ page }) => {
  test.setTimeout(420_000);
  const missionId = await demoMission();
  await cloudReady(missionId);
  await signInOverHttp(page, 'customer@example.com');
  await openViewer(page, missionId);
  const canvas = page.getByTestId('viewer-canvas');
  const changes = async (act: () => Promise<void>) => {
    const before = await canvas.screenshot();
    await act();
    await expect.poll(async () => Buffer.compare(await canvas.screenshot(), before) !== 0, { timeout: 60_000 }).toBe(true);
  };
  const saved = async () => ((await (await page.request.get(`/api/v2/missions/${missionId}/measurements`)).json()) as { items: { id: number; kind: string; name: string; data: Record<string, unknown> }[] }).items;

  // A clip box (the middle half of the cloud, "only clipped section") cuts what is drawn.
  const boxesBefore = (await saved()).filter((i) => i.kind === 'clip-box').length;
  await changes(() => items(page).getByRole('button', { name: 'Clip box', exact: true }).click());
  const editor = page.getByTestId('viewer-volume-editor');
  await expect(editor.getByLabel('Only clipped section')).toBeChecked();
  await expect.poll(async () => (await saved()).filter((i) => i.kind === 'clip-box').length).toBe(boxesBefore + 1);
  const box = (await saved()).filter((i) => i.kind === 'clip-box').at(-1)!;

  // Typed numbers move it; "show all" draws every point again; Save keeps it, Undo takes it back.
  await changes(() => editor.getByLabel('Rotation (°)').fill('30'));
  await changes(() => editor.getByLabel('Show all').check());
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect.poll(async () => (await saved()).find((i) => i.id === box.id)?.data.show).toBe('all');
  expect((await saved()).find((i) => i.id === box.id)?.data.rotation).toBeCloseTo(Math.PI / 6, 6);
  await items(page).getByRole('button', { name: 'Undo' }).click();
  await expect.poll(async () => (await saved()).find((i) => i.id === box.id)?.data.show).toBe('clipped');
  // Deleted again, so the demo cloud is whole for the other tests.
  await items(page).getByRole('button', { name: `Delete ${box.name}` }).click();
  await expect.poll(async () => (await saved()).some((i) => i.id === box.id)).toBe(false);

  // A slice through the middle, exported at 1:200 and 72 dpi: a small picture stored with the mission.
  await items(page).getByRole('button', { name: 'Slice', exact: true }).click();
  const exporter = page.getByTestId('viewer-slice-export');
  await exporter.getByLabel('Scale').selectOption('200');
  await exporter.getByLabel('Resolution (dpi)').selectOption('72');
  const name = `Schnitt E2E ${missionId}-${Date.now()}`;
  await exporter.getByLabel('Name').fill(name);
  const [, width, height] = /Picture: ([\d,]+) × ([\d,]+) pixels/.exec((await exporter.getByTestId('viewer-slice-pixels').textContent()) ?? '')!.map((v) => v.replace(/,/g, ''));
  await exporter.getByRole('button', { name: 'Export slice view' }).click();
  await expect(page.getByText(`Slice view “${name}” saved with the mission`)).toBeVisible({ timeout: 120_000 });
  // The slice itself goes again (a shown slice cuts the cloud); its picture stays with the mission.
  const slice = (await saved()).filter((i) => i.kind === 'slice').at(-1)!;
  await items(page).getByRole('button', { name: `Delete ${slice.name}` }).click();
  await expect.poll(async () => (await saved()).some((i) => i.id === slice.id)).toBe(false);

  await page.goto(`/mission/${missionId}`);
  const row = page.getByTestId('rendered-slice').filter({ hasText: name });
  await expect(row).toContainText('1:200 at 72 dpi');
  await expect(row).toContainText(`${Number(width).toLocaleString('en-US')} × ${Number(height).toLocaleString('en-US')} px`);
  const preview = row.getByRole('img', { name: `Slice view ${name}` });
  // Previews load lazily, once in view.
  await preview.scrollIntoViewIfNeeded();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(Number(width));
  const picture = await page.request.get((await preview.getAttribute('src'))!);
  const meta = await sharp(await picture.body()).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['png', Number(width), Number(height)]);
  // Not a blank picture: the slab's points are drawn on white.
  const stats = await sharp(await picture.body()).stats();
  expect(stats.channels[0]!.min).toBeLessThan(200);
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

test('on a phone the measurements and the view tools fold away, so the point cloud stays in view', async ({ page }) => {
  test.setTimeout(240_000);
  const missionId = await demoMission();
  await cloudReady(missionId);
  await signInOverHttp(page, 'customer@example.com');
  // Other tests may have saved items on the demo mission ("Fly to Distance 1 …"): buttons are named exactly.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/mission/${missionId}/viewer`);
  await expect(status(page)).toHaveAttribute('data-phase', 'ready', { timeout: 60_000 });
  const measurements = page.getByTestId('viewer-items');
  const viewTools = page.getByRole('navigation', { name: 'View' });
  // Folded at first: the tools are hidden, and a good part of the canvas is free between the panels (unfolded, about 10 px).
  await expect(measurements.getByRole('button', { name: 'Distance', exact: true })).toBeHidden();
  await expect(viewTools.getByRole('button', { name: 'Top', exact: true })).toBeHidden();
  const above = (await measurements.boundingBox())!;
  const below = (await viewTools.boundingBox())!;
  expect(below.y - (above.y + above.height), 'free canvas between the measurements and the view tools').toBeGreaterThan(740 * 0.4);
  // Each unfolds on its button, and folds again.
  const showMeasurements = measurements.getByRole('button', { name: 'Show measurements' });
  await expect(showMeasurements).toHaveAttribute('aria-expanded', 'false');
  await showMeasurements.click();
  await expect(measurements.getByRole('button', { name: 'Distance', exact: true })).toBeVisible();
  await expect(measurements.getByRole('button', { name: 'Hide measurements' })).toHaveAttribute('aria-expanded', 'true');
  await viewTools.getByRole('button', { name: 'Show view tools' }).click();
  await viewTools.getByRole('button', { name: 'Top', exact: true }).click();
  await viewTools.getByRole('button', { name: 'Hide view tools' }).click();
  await expect(viewTools.getByRole('button', { name: 'Top', exact: true })).toBeHidden();
  // A wide screen has room: everything shows, and no fold button.
  await page.setViewportSize({ width: 1366, height: 860 });
  await expect(viewTools.getByRole('button', { name: 'Top', exact: true })).toBeVisible();
  await expect(measurements.getByRole('button', { name: 'Distance', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Show|Hide) (measurements|view tools)$/ })).toHaveCount(0);
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test("the viewer's panels never cover each other, at 1366, 800 and 375 px", async ({ page }) => {
    test.setTimeout(240_000);
    const missionId = await demoMission();
    await cloudReady(missionId);
    await signInOverHttp(page, 'customer@example.com');
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.goto(`/mission/${missionId}/viewer`);
    await page.getByRole('button', { name: 'Einstellungen zeigen' }).click();
    await page.getByLabel('Punktbudget').fill('100000');
    await page.getByRole('button', { name: 'Einstellungen ausblenden' }).click();
    await expect(status(page)).toHaveAttribute('data-phase', 'ready', { timeout: 60_000 });
    // The longest hint (German, orbit) wraps over several lines: it used to grow up over the status
    // line; and on a phone the title, the settings and the measurements lay over each other.
    const panels = {
      title: page.locator('header').filter({ has: page.getByRole('heading', { level: 1 }) }),
      settings: page.getByRole('complementary', { name: 'Einstellungen' }),
      measurements: page.getByTestId('viewer-items'),
      status: status(page),
      hint: page.getByTestId('viewer-navigation-hint'),
      viewTools: page.getByRole('navigation', { name: 'Ansicht' }),
    };
    type Box = { x: number; y: number; width: number; height: number };
    const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    for (const width of [1366, 800, 375]) {
      await page.setViewportSize({ width, height: width < 500 ? 740 : 860 });
      const boxes = await Promise.all(Object.entries(panels).map(async ([name, panel]) => [name, (await panel.boundingBox())!] as const));
      for (const [i, [a, boxA]] of boxes.entries()) {
        for (const [b, boxB] of boxes.slice(i + 1)) expect(overlap(boxA, boxB), `${a} and ${b} at ${width} px`).toBe(false);
      }
    }
  });
});
