import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';

// spec §2 /planner: draw a building with the mouse on the offline map, see its measures, break the
// §5 rules and see their messages, save, land on the new mission and find it through the API.
test.use({ locale: 'en-US', timezoneId: 'Europe/Berlin' });

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'Europe/Berlin', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInOverHttp(page, email);
  return page;
}

/** Parses "1,234.5 m²" / "60 m" as shown in en-US. */
const amount = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

test('a customer draws a building, breaks the rules, fixes them and saves a new mission', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signedIn(browser, 'customer@example.com');
  await page.goto('/planner');
  await expect(page.getByRole('heading', { name: 'New mission' })).toBeVisible();
  const map = page.locator('[data-map-ready]').first();
  await expect(map).toHaveAttribute('data-map-ready', 'true', { timeout: 60_000 });

  // Go to Marienplatz, Munich, by coordinates.
  await page.getByLabel('Latitude').fill('48.1374');
  await page.getByLabel('Longitude').fill('11.5755');
  await page.getByRole('button', { name: 'Go to coordinates' }).click();

  // Saving an empty plan names what is missing.
  await page.getByRole('button', { name: 'Save mission' }).click();
  await expect(page.getByText('A mission without buildings cannot be saved. Draw at least one building.')).toBeVisible();
  await expect(page.getByText('At least 1 product must be selected')).toBeVisible();
  await expect(page.getByText('This field should be at least 5 characters long')).toBeVisible();

  // Draw a rectangle: four clicks on the map, then Enter.
  await page.getByRole('button', { name: 'Draw a building' }).click();
  const box = (await map.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  for (const [dx, dy] of [[-80, -50], [80, -50], [80, 50], [-80, 50]] as const) {
    await page.mouse.click(cx + dx, cy + dy);
    await page.waitForTimeout(400); // not a double-click
  }
  await page.keyboard.press('Enter');
  const building = page.getByTestId('planned-building');
  await expect(building).toHaveCount(1);
  const ground = amount(await building.getByTestId('ground-area').textContent());
  const perimeter = amount(await building.getByTestId('perimeter').textContent());
  // 160 × 100 px at zoom 18 (MapLibre's 512 px tiles): metres per pixel = equator × cos(lat) / (512 × 2^18),
  // about 0.2 m here, so roughly 32 m × 20 m. Clicks land on whole pixels: allow 3 %.
  const metresPerPixel = (40_075_016.686 * Math.cos((48.1374 * Math.PI) / 180)) / (512 * 2 ** 18);
  const expectedArea = 160 * metresPerPixel * 100 * metresPerPixel;
  const expectedPerimeter = 2 * (160 + 100) * metresPerPixel;
  expect(Math.abs(ground - expectedArea) / expectedArea).toBeLessThan(0.03);
  expect(Math.abs(perimeter - expectedPerimeter) / expectedPerimeter).toBeLessThan(0.03);
  // Facade = perimeter × 3 levels × 3 m.
  await building.getByLabel('Levels').fill('3');
  await expect.poll(async () => amount(await building.getByTestId('facade-area').textContent())).toBeCloseTo(perimeter * 9, -1);

  // A name too short shows the rule's message under the field.
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await name.fill('abc');
  await expect(page.getByText('This field should be at least 5 characters long')).toBeVisible();
  const missionName = `Planner E2E ${Date.now()}`;
  await name.fill(missionName);
  await building.getByLabel('Building name').fill('Haus A');
  await page.getByRole('checkbox', { name: 'Pointcloud' }).check();
  await expect(page.getByText('At least 1 product must be selected')).toBeHidden();

  await page.getByRole('button', { name: 'Save mission' }).click();
  await page.waitForURL(/\/mission\/\d+$/, { timeout: 30_000 });
  const id = Number(/\/mission\/(\d+)$/.exec(page.url())![1]);

  const found = await page.request.get(`/api/v2/missions?q=${encodeURIComponent(missionName)}`);
  expect(found.status()).toBe(200);
  const { items } = (await found.json()) as { items: { id: number; name: string }[] };
  expect(items.map((m) => m.id)).toContain(id);
  const buildings = await page.request.get(`/api/v2/missions/${id}/buildings`);
  const stored = (await buildings.json()) as { items?: { groundArea: number; levels: number }[] } | { groundArea: number; levels: number }[];
  const list = Array.isArray(stored) ? stored : (stored.items ?? []);
  expect(list).toHaveLength(1);
  expect(list[0]!.levels).toBe(3);
  expect(Math.abs(list[0]!.groundArea - ground)).toBeLessThan(1);
});

test('the planner is not found without the planner permission, and the API refuses', async ({ browser }) => {
  const page = await signedIn(browser, 'external@example.com');
  expect((await page.goto('/planner'))?.status()).toBe(404);
  const square = [[11.5755, 48.1374], [11.5757, 48.1374], [11.5757, 48.1375], [11.5755, 48.1374]];
  const refused = await page.request.post('/api/v2/missions', {
    data: { name: 'Verboten', companyId: 1, products: ['cad'], buildings: [{ name: 'Haus', footprint: { type: 'Polygon', coordinates: [square] } }] },
  });
  expect(refused.status()).toBe(403);
});
