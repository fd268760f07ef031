import { expect, test, type Browser, type Locator, type Page, type Response } from '@playwright/test';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';

// spec §2 /planner: draw a building with the mouse on the offline map, see its measures, break each
// §5 rule the form checks and see its message under the field (and gone once fixed), save, land on
// the new mission, find it through the API, in the mission list and as a marker on the map overview.
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
  test.setTimeout(240_000);
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

  // After the failed save every §5 rule shows its message under its field as soon as it is broken,
  // and the message goes once the value is fixed.
  // A drawn building without a name.
  const buildingNameMessage = page.getByText('Every building needs a name');
  await expect(page.getByText('A mission without buildings cannot be saved. Draw at least one building.')).toBeHidden();
  await expect(buildingNameMessage).toBeVisible();
  await building.getByLabel('Building name').fill('Haus A');
  await expect(buildingNameMessage).toBeHidden();

  // Name: at least 5 characters, at most 200.
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toHaveAccessibleDescription('This field should be at least 5 characters long');
  await name.fill('abc');
  await expect(name).toHaveAccessibleDescription('This field should be at least 5 characters long');
  await name.fill('x'.repeat(201));
  await expect(name).toHaveAccessibleDescription('The name is too long');
  const missionName = `Planner E2E ${Date.now()}`;
  await name.fill(missionName);
  await expect(name).toHaveAccessibleDescription('');

  // At least one product.
  await page.getByRole('checkbox', { name: 'Pointcloud' }).check();
  await expect(page.getByText('At least 1 product must be selected')).toBeHidden();
  await page.getByRole('checkbox', { name: 'Pointcloud' }).uncheck();
  await expect(page.getByText('At least 1 product must be selected')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Pointcloud' }).check();
  await expect(page.getByText('At least 1 product must be selected')).toBeHidden();

  // References: at most 100 UTF-8 bytes — 51 × 'ä' is 51 characters but 102 bytes; 50 × 'ä' fits.
  for (const label of ['Internal reference', 'Customer reference', 'Order confirmation number']) {
    const field = page.getByRole('textbox', { name: label, exact: true });
    await field.fill('ä'.repeat(51));
    await expect(field).toHaveAccessibleDescription('This field should be at most 100 bytes long');
    await field.fill('ä'.repeat(50));
    await expect(field).toHaveAccessibleDescription('');
  }

  // Description: at most 5000 bytes; the message sits right under the text area.
  const description = page.getByRole('textbox', { name: 'Description', exact: true });
  const descriptionMessage = description.locator('xpath=../following-sibling::*[1]');
  await description.fill('ä'.repeat(2501));
  await expect(descriptionMessage).toHaveText('This field should be at most 5000 bytes long');
  await description.fill('Scan the facade and the roof.');
  await expect(page.getByText('This field should be at most 5000 bytes long')).toBeHidden();

  // The scan appointment must be after the start from the office.
  const start = page.getByLabel('Start from office', { exact: true });
  const scan = page.getByLabel('Scan appointment', { exact: true });
  await start.fill('2026-12-01T10:00');
  await scan.fill('2026-12-01T09:30');
  await expect(scan).toHaveAccessibleDescription('The scan date and time must be after the start from the office');
  await scan.fill('2026-12-01T10:00');
  await expect(scan).toHaveAccessibleDescription('The scan date and time must be after the start from the office');
  await scan.fill('2026-12-01T11:00');
  await expect(scan).toHaveAccessibleDescription('');

  // The external delivery date must be after the pointcloud and the CAD delivery dates; the delivery
  // date fills itself in: the later of the two plus 3 working days (Mon 14 Dec → Thu 17 Dec).
  await page.getByLabel('Pointcloud delivery date', { exact: true }).fill('2026-12-10');
  await page.getByLabel('CAD delivery date', { exact: true }).fill('2026-12-14');
  await expect(page.getByLabel('Delivery date', { exact: true })).toHaveValue('2026-12-17');
  const external = page.getByLabel('External delivery date', { exact: true });
  const externalMessage = 'The external delivery date must be after the pointcloud and CAD delivery dates';
  await external.fill('2026-12-12');
  await expect(external).toHaveAccessibleDescription(externalMessage);
  await external.fill('2026-12-14');
  await expect(external).toHaveAccessibleDescription(externalMessage);
  await external.fill('2026-12-15');
  await expect(external).toHaveAccessibleDescription('');

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

  // The mission list finds it by its name.
  await page.goto(`/mission-list?q=${encodeURIComponent(missionName)}`);
  const row = page.locator(`tr[data-mission-id="${id}"]`);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText(missionName);

  // The map overview shows it: zoom in with the mouse wheel on the drawn spot (re-aimed after each
  // step from the box the page asked for) until the server sends missions one by one and ours is a marker.
  const mercX = (lon: number) => (lon + 180) / 360;
  const mercY = (lat: number) => {
    const s = Math.sin((lat * Math.PI) / 180);
    return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
  };
  const isMapCall = (r: Response) => r.url().includes('/api/v2/map/missions') && r.request().method() === 'GET' && r.ok();
  let answer = page.waitForResponse(isMapCall, { timeout: 30_000 });
  await page.goto('/map-overview');
  const overview = page.getByTestId('map-overview');
  await expect(overview.locator('[data-map-ready]')).toHaveAttribute('data-map-ready', 'true', { timeout: 60_000 });
  let response = await answer;
  let shown = false;
  for (let step = 0; step < 40 && !shown; step++) {
    const url = new URL(response.url());
    const body = (await response.json()) as { missions: { id: number }[] };
    if (Number(url.searchParams.get('zoom')) >= 15 && body.missions.some((m) => m.id === id)) {
      shown = true;
      break;
    }
    const [w, s, e, n] = url.searchParams.get('bbox')!.split(',').map(Number) as [number, number, number, number];
    const canvas = (await overview.locator('canvas').boundingBox())!;
    const x = canvas.x + ((mercX(11.5755) - mercX(w)) / (mercX(e) - mercX(w))) * canvas.width;
    const y = canvas.y + ((mercY(48.1374) - mercY(n)) / (mercY(s) - mercY(n))) * canvas.height;
    answer = page.waitForResponse(isMapCall, { timeout: 15_000 });
    await page.mouse.move(x, y);
    await page.mouse.wheel(0, -600);
    response = await answer;
  }
  expect(shown).toBe(true);
  await expect(overview.locator(`[data-mission-id="${id}"]`)).toBeVisible();
  await expect(overview.locator(`[data-mission-id="${id}"]`)).toHaveAttribute('aria-label', missionName);
});

/** A 20 m × 10 m rectangle whose south-west corner lies `east` metres east of a spot in the Englischer Garten. */
function rectangleAt(east: number) {
  const [lon, lat] = [11.592 + east / 74_300, 48.152];
  const [e, n] = [20 / 74_300, 10 / 111_200];
  return { type: 'Polygon', coordinates: [[[lon, lat], [lon + e, lat], [lon + e, lat + n], [lon, lat + n], [lon, lat]]] };
}

/** A fresh mission of the signed-in customer's company, made over the API, with the named buildings. */
async function customerMission(page: Page, names: string[]): Promise<{ id: number; buildings: { id: number; version: number; name: string }[] }> {
  const me = (await (await page.request.get('/api/v2/me')).json()) as { company: { id: number } };
  const created = await page.request.post('/api/v2/missions', {
    data: {
      name: `Plan E2E ${test.info().workerIndex} ${Date.now()}`,
      companyId: me.company.id,
      products: ['pointcloud'],
      buildings: names.map((name, i) => ({ name, footprint: rectangleAt(i * 40), levels: 2 })),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: number; buildings: { id: number; version: number; name: string }[] };
}

async function openPlan(page: Page, id: number) {
  await page.goto(`/planner?mission=${id}`);
  await expect(page.getByRole('heading', { name: new RegExp(`^Plan of mission ${id}:`) })).toBeVisible();
  await expect(page.locator('[data-map-ready]').first()).toHaveAttribute('data-map-ready', 'true', { timeout: 60_000 });
}

test("a customer edits a mission's plan: changes a building, draws a second one and saves both at once", async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signedIn(browser, 'customer@example.com');
  const mission = await customerMission(page, ['Haus']);
  const [haus] = mission.buildings;
  await openPlan(page, mission.id);

  const planned = page.getByTestId('planned-building');
  await expect(planned).toHaveCount(1);
  await planned.first().getByLabel('Building name').fill('Haupthaus');
  await planned.first().getByLabel('Levels').fill('4');

  // The map opens on the stored building's first corner (it lies north-east of the centre): draw
  // the second one south-west of it.
  await page.getByRole('button', { name: 'Draw a building' }).click();
  const box = (await page.locator('[data-map-ready]').first().boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  for (const [dx, dy] of [[-220, 30], [-80, 30], [-80, 110], [-220, 110]] as const) {
    await page.mouse.click(cx + dx, cy + dy);
    await page.waitForTimeout(400); // not a double-click
  }
  await page.keyboard.press('Enter');
  await expect(planned).toHaveCount(2);
  await planned.nth(1).getByLabel('Building name').fill('Garage');
  const shown = async (i: number) => ({
    ground: await planned.nth(i).getByTestId('ground-area').textContent(),
    facade: await planned.nth(i).getByTestId('facade-area').textContent(),
  });
  const measures = [await shown(0), await shown(1)];
  expect(amount(measures[1]!.ground)).toBeGreaterThan(100);

  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/v2/missions/${mission.id}/buildings`) && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save plan' }).click();
  expect((await saved).status()).toBe(200);
  await page.waitForURL(new RegExp(`/mission/${mission.id}$`), { timeout: 30_000 });

  // The buildings section shows both, with the areas the planner showed.
  const table = page.getByTestId('buildings');
  await expect(table.locator('tbody th')).toHaveText(['Haupthaus', 'Garage']);
  for (const [i, m] of measures.entries()) {
    const cells = table.locator('tbody tr').nth(i).locator('td');
    await expect(cells.nth(2)).toHaveText(m.ground!);
    await expect(cells.nth(4)).toHaveText(m.facade!);
  }
  await expect(table.locator('tbody tr').first().locator('td').nth(1)).toHaveText('4');
  await expect(table.locator('tfoot')).toContainText('Total (2 buildings)');

  // The stored building was changed in place (same id, next version), not replaced.
  const stored = (await (await page.request.get(`/api/v2/missions/${mission.id}/buildings`)).json()) as { items: { id: number; version: number; levels: number }[] };
  expect(stored.items[0]).toMatchObject({ id: haus!.id, version: 2, levels: 4 });
  expect(stored.items[1]!.id).toBeGreaterThan(haus!.id);

  // Someone who may not see the mission cannot save its plan.
  const stranger = await signedIn(browser, 'external@example.com');
  const refused = await stranger.request.put(`/api/v2/missions/${mission.id}/buildings`, {
    data: { buildings: [{ id: haus!.id, version: 2, name: 'Fremd', type: 'building', levels: 1, footprint: rectangleAt(0) }] },
  });
  expect(refused.status()).toBe(403);
});

test('a plan changed by someone else meanwhile: the drawing is kept, their changes merged in, and the second save goes through', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signedIn(browser, 'customer@example.com');
  const mission = await customerMission(page, ['Haus', 'Scheune']);
  const [, scheune] = mission.buildings;
  await openPlan(page, mission.id);
  const planned = page.getByTestId('planned-building');
  await expect(planned).toHaveCount(2);
  await planned.first().getByLabel('Building name').fill('Mein Haus');

  // Meanwhile someone else gives the barn six levels and adds a carport.
  const other = await page.request.patch(`/api/v2/buildings/${scheune!.id}`, { data: { version: scheune!.version, levels: 6 } });
  expect(other.status()).toBe(200);
  const added = await page.request.post(`/api/v2/missions/${mission.id}/buildings`, { data: { name: 'Carport', footprint: rectangleAt(80), levels: 1 } });
  expect(added.status()).toBe(201);

  const first = page.waitForResponse((r) => r.url().endsWith(`/api/v2/missions/${mission.id}/buildings`) && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save plan' }).click();
  expect((await first).status()).toBe(409);
  await expect(page.getByText('Someone else changed this plan in the meantime.', { exact: false })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/planner');
  // The carport was not deleted unseen: it joins the drawing.
  await expect(planned).toHaveCount(3);
  await expect(planned.first().getByLabel('Building name')).toHaveValue('Mein Haus');
  await expect(planned.nth(1).getByLabel('Levels')).toHaveValue('6');
  await expect(planned.nth(2).getByLabel('Building name')).toHaveValue('Carport');

  await page.getByRole('button', { name: 'Save plan' }).click();
  await page.waitForURL(new RegExp(`/mission/${mission.id}$`), { timeout: 30_000 });
  const table = page.getByTestId('buildings');
  await expect(table.locator('tbody th')).toHaveText(['Mein Haus', 'Scheune', 'Carport']);
  await expect(table.locator('tbody tr').nth(1).locator('td').nth(1)).toHaveText('6');
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

/** Presses Tab until `target` has the focus (a keyboard user's way there). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 60; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

test('a building drawn and edited with the keyboard alone, at the crosshair in the map’s centre', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await signedIn(browser, 'customer@example.com');
  await page.goto('/planner');
  const map = page.locator('[data-map-ready]').first();
  await expect(map).toHaveAttribute('data-map-ready', 'true', { timeout: 60_000 });
  await page.getByLabel('Latitude').fill('48.1374');
  await page.getByLabel('Longitude').fill('11.5755');
  await page.getByLabel('Longitude').press('Enter');
  await expect(page.getByText(/Space places a corner there while drawing/)).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'Draw a building' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.locator('canvas.maplibregl-canvas'));
  // The crosshair shows where Space puts a corner.
  const frame = page.locator('[class*="planner_map__"]');
  expect(await frame.evaluate((el) => getComputedStyle(el, '::after').content)).not.toBe('none');

  // MapLibre's arrow keys pan 100 px with a 300 ms ease, and a key pressed during an ease starts
  // from where it stopped: one key at a time, each ease waited for.
  const pan = async (key: string, times: number) => {
    for (let i = 0; i < times; i += 1) {
      await page.keyboard.press(key);
      await page.waitForTimeout(700);
    }
  };
  await page.keyboard.press('Space');
  await pan('ArrowRight', 2);
  await page.keyboard.press('Space');
  await pan('ArrowDown', 1);
  await page.keyboard.press('Space');
  await pan('ArrowLeft', 2);
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');

  const building = page.getByTestId('planned-building');
  await expect(building).toHaveCount(1);
  // About 200 × 100 px at zoom 18, as in the first test's arithmetic. An ease cut short on a busy
  // machine pans less, so the bounds are loose: what matters is four corners where the map was.
  const metresPerPixel = (40_075_016.686 * Math.cos((48.1374 * Math.PI) / 180)) / (512 * 2 ** 18);
  const drawn = amount(await building.getByTestId('ground-area').textContent());
  expect(drawn).toBeGreaterThan(0.5 * 200 * 100 * metresPerPixel ** 2);
  expect(drawn).toBeLessThan(1.2 * 200 * 100 * metresPerPixel ** 2);

  // N brings the first corner to the crosshair; one step left and Space moves it there: the outline grows.
  await page.keyboard.press('n');
  await page.waitForTimeout(700);
  await pan('ArrowLeft', 1);
  await page.keyboard.press('Space');
  await expect.poll(async () => amount(await building.getByTestId('ground-area').textContent())).toBeGreaterThan(drawn * 1.2);
  // I inserts a corner after it and selects it; Delete takes it out again; Ctrl+Z undoes all three steps.
  await page.keyboard.press('i');
  await expect(page.getByRole('button', { name: 'Delete corner' })).toBeEnabled();
  await page.keyboard.press('Delete');
  await expect(page.getByRole('button', { name: 'Delete corner' })).toBeDisabled();
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('Control+z');
  await expect.poll(async () => amount(await building.getByTestId('ground-area').textContent())).toBeCloseTo(drawn, 0);
});
