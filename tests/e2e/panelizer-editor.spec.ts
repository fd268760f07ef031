import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_BUILDING_ORIGIN } from '../../scripts/seed/demo-building';
import { DEPTH, LENGTH, STOREY_HEIGHT, STOREYS, openingsOf } from '../../scripts/seed/demo-building-surfaces';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';
import { withDb } from './support/db';

// Issue 19 in the browser: on the demo mission's generated building (24 × 12 m, four storeys of
// 3 m), a staff member creates a panelizer project, places the floor lines, draws the outline,
// links the floors, draws the openings with the openings and opening group tools and reads the
// net facade area; the warning comes and goes; the shortcuts work; an export opens read-only.
test.use({ locale: 'en-US', timezoneId: 'Europe/Berlin', viewport: { width: 1600, height: 1000 } });

async function demoMission(): Promise<number> {
  const { rows } = await withDb((db) => db.query<{ id: string }>(`select id from mission where internal_reference = 'ARG-2026-DEMO'`));
  expect(rows[0], 'the demo mission').toBeDefined();
  return Number(rows[0]!.id);
}

async function cloudReady(missionId: number) {
  await expect
    .poll(async () => (await withDb((db) => db.query(`select 1 from conversion where mission_id = $1 and dataset_id is null and state = 'succeeded'`, [missionId]))).rowCount, {
      timeout: 240_000,
      intervals: [2_000],
    })
    .toBeGreaterThan(0);
}

/**
 * Creates a project on the picker and waits for the editor. The request is awaited on its own so a
 * refused name and a slow navigation fail differently; opening the editor loads its code, which on a
 * machine still converting the demo cloud at first start can take longer than the default 10 s.
 */
async function createProject(page: Page, name: string) {
  await page.getByLabel('Name of the new project').fill(name);
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/v2\/missions\/\d+\/panelizer-projects$/.test(new URL(r.url()).pathname), {
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Create project' }).click();
  expect((await created).status()).toBe(201);
  await expect(page).toHaveURL(/\/panelizer\?project=[0-9a-f-]{36}$/, { timeout: 30_000 });
}

interface View {
  scale: number;
  ox: number;
  oy: number;
}

/**
 * Page coordinates of a world point (u, v) in a view, from the transform the canvas exposes once
 * it holds still: a view refits in the frame after its content or size changed, and the frame
 * changes size when the panel beside it re-renders (its help text after an outline closed), which
 * on a busy machine can take a few hundred milliseconds: still means unchanged for 200 ms.
 */
async function at(canvas: Locator, u: number, v: number): Promise<[number, number]> {
  await expect(canvas).toHaveAttribute('data-view', /scale/);
  let seen: string | null = null;
  const state = () => canvas.evaluate((c) => JSON.stringify([c.getAttribute('data-view'), c.getAttribute('width'), c.getAttribute('height')]));
  await expect
    .poll(async () => {
      const now = await state();
      const steady = now === seen;
      seen = now;
      return steady;
    }, { intervals: [200] })
    .toBe(true);
  const view = JSON.parse((JSON.parse(seen!) as string[])[0]!) as View;
  const box = (await canvas.boundingBox())!;
  return [box.x + view.ox + u * view.scale, box.y + view.oy - v * view.scale];
}

/** Waits until no view is still cutting its points (a view refits when they arrive). */
async function pointsSettled(page: Page) {
  await expect(page.getByText('Cutting the point cloud…')).toHaveCount(0, { timeout: 60_000 });
}

/**
 * Where the demo building's south-west ground corner is in the project's local frame: a new
 * project's frame starts at the cloud's lower corner (the ground around the building), so the
 * building sits at (dx, dy, dz) in it. Heights are taken to the centimetre the editor places.
 */
async function buildingOffset(page: Page): Promise<[number, number, number]> {
  const id = new URL(page.url()).searchParams.get('project')!;
  const response = await page.request.get(`/api/v2/panelizer-projects/${id}`);
  expect(response.ok()).toBe(true);
  const { document } = (await response.json()) as { document: { origin: [number, number, number] } };
  const [dx, dy, dz] = DEMO_BUILDING_ORIGIN.map((value, i) => value - document.origin[i]!) as [number, number, number];
  return [dx, dy, Math.round(dz * 100) / 100];
}

async function clickAt(page: Page, canvas: Locator, u: number, v: number, options: { button?: 'left' | 'right' } = {}) {
  // The view may refit between reading it and clicking (the panels beside it reflow after an
  // edit): the click goes where the view is once the pointer is there.
  for (let attempt = 0; ; attempt += 1) {
    const [x, y] = await at(canvas, u, v);
    const view = await canvas.getAttribute('data-view');
    await page.mouse.move(x, y);
    if (attempt < 3 && (await canvas.getAttribute('data-view')) !== view) continue;
    await page.mouse.click(x, y, options);
    return;
  }
}

/** Places a floor line near z by a click, then brings it to exactly z with the arrow keys (1 cm, shift 10 cm). */
async function placeFloorLine(page: Page, section: Locator, z: number) {
  const before = Number(await section.getAttribute('data-lines'));
  const [, y] = await at(section, 0, z);
  const box = (await section.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, y);
  await expect(section).toHaveAttribute('data-lines', String(before + 1));
  const selected = page.getByTestId('panelizer-selected-line');
  const placed = Number(await selected.getAttribute('data-z'));
  let centimetres = Math.round((z - placed) * 100);
  const key = centimetres > 0 ? 'ArrowUp' : 'ArrowDown';
  centimetres = Math.abs(centimetres);
  for (let i = 0; i < Math.floor(centimetres / 10); i++) await page.keyboard.press(`Shift+${key}`);
  for (let i = 0; i < centimetres % 10; i++) await page.keyboard.press(key);
  await expect(selected).toHaveAttribute('data-z', String(z));
}

/** Types an exact value into one of the selected opening's fields. */
async function setField(page: Page, label: string, value: number) {
  const field = page.getByRole('group', { name: 'Selected opening' }).getByLabel(label);
  await field.fill(String(value));
  await field.press('Enter');
  await expect(page.getByRole('group', { name: 'Selected opening' }).getByLabel(label)).toHaveValue(value.toFixed(2));
}

/** Draws a rough opening by dragging on the elevation, then gives it its exact place and size. */
async function drawOpening(page: Page, o: { left: number; bottom: number; width: number; height: number; door?: boolean }, roughAt: number, floorBottom: number) {
  const elevation = page.getByTestId('panelizer-elevation');
  const count = Number(await elevation.getAttribute('data-openings'));
  const [x0, y0] = await at(elevation, roughAt, floorBottom + 0.4);
  const [x1, y1] = await at(elevation, roughAt + 0.5, floorBottom + 1.2);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move(x1, y1, { steps: 3 });
  await page.mouse.up();
  await expect(elevation).toHaveAttribute('data-openings', String(count + 1));
  if (o.door) await page.getByRole('group', { name: 'Selected opening' }).getByLabel('Kind').selectOption('door');
  // Size before place: a rough rectangle larger than the exact one would not fit at the exact place.
  await setField(page, 'Width (m)', o.width);
  await setField(page, 'Height (m)', o.height);
  await setField(page, "From the wall's start (m)", o.left);
  await setField(page, 'Above the floor line (m)', o.bottom);
}

test('a staff member draws the demo building and reads its net facade area; the warning, the shortcuts and a read-only export', async ({ page }, info) => {
  test.setTimeout(600_000);
  const missionId = await demoMission();
  await cloudReady(missionId);
  await signInOverHttp(page, 'manager@example.com');

  // Neither id in the address: pick or create a project.
  await page.goto(`/mission/${missionId}/panelizer`);
  await expect(page).toHaveTitle(`Argus | Panelizer of mission ${missionId}`);
  await createProject(page, `E2E facade ${info.workerIndex}-${Date.now()}`);
  const [dx, dy, dz] = await buildingOffset(page);

  // Step 1: the floor lines, placed by clicks and set exactly with the arrow keys.
  const section = page.getByTestId('panelizer-section');
  await pointsSettled(page);
  await expect(page.getByText("Floor lines are best placed 60 cm above a window's top edge.")).toBeVisible();
  for (let storey = 0; storey <= STOREYS; storey++) await placeFloorLine(page, section, Math.round((dz + storey * STOREY_HEIGHT) * 100) / 100);
  // A stray line, removed with Delete.
  await placeFloorLine(page, section, Math.round((dz + 14) * 100) / 100);
  await page.keyboard.press('Delete');
  await expect(section).toHaveAttribute('data-lines', String(STOREYS + 1));

  // Step 2: four unlinked floors without polygons: the warning shows.
  await page.getByRole('tab', { name: '2. Walls' }).click();
  const warning = page.getByText('There are unlinked floors without polygons.');
  await expect(warning).toBeVisible();
  const floorButtons = page.getByRole('navigation', { name: 'Floors' }).getByRole('button');
  await expect(floorButtons).toHaveCount(STOREYS);
  // Ordered as in the building: the bottom entry is the bottom floor.
  await expect(floorButtons.last()).toContainText('Floor 1');
  await expect(floorButtons.first()).toContainText(`Floor ${STOREYS}`);

  // Keys 1 and 2 choose the tool, Tab (in the drawing) switches.
  const building = page.getByRole('button', { name: 'Building', exact: true });
  const balcony = page.getByRole('button', { name: 'Balcony', exact: true });
  const plan = page.getByTestId('panelizer-plan');
  await pointsSettled(page);
  await page.keyboard.press('2');
  await expect(balcony).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('1');
  await expect(building).toHaveAttribute('aria-pressed', 'true');
  await plan.focus();
  await page.keyboard.press('Tab');
  await expect(balcony).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Tab');
  await expect(building).toHaveAttribute('aria-pressed', 'true');

  // The wheel zooms about the cursor; the middle mouse moves the camera.
  const viewOf = async () => JSON.parse((await plan.getAttribute('data-view'))!) as View;
  const [cx, cy] = await at(plan, dx + LENGTH / 2, dy + DEPTH / 2);
  const before = await viewOf();
  await page.mouse.move(cx, cy);
  await page.mouse.wheel(0, -300);
  await expect.poll(async () => (await viewOf()).scale).toBeGreaterThan(before.scale);
  await page.mouse.wheel(0, 300);
  await expect.poll(async () => (await viewOf()).scale).toBeCloseTo(before.scale, 6);
  const zoomed = await viewOf();
  await page.mouse.down({ button: 'middle' });
  await page.mouse.move(cx + 40, cy + 25, { steps: 4 });
  await page.mouse.up({ button: 'middle' });
  await expect.poll(async () => (await viewOf()).ox).toBeCloseTo(zoomed.ox + 40, 0);
  expect((await viewOf()).oy).toBeCloseTo(zoomed.oy + 25, 0);
  // And back, so the whole building is in view again.
  await page.mouse.down({ button: 'middle' });
  await page.mouse.move(cx, cy, { steps: 4 });
  await page.mouse.up({ button: 'middle' });
  await expect.poll(async () => (await viewOf()).ox).toBeCloseTo(zoomed.ox, 0);

  // The building outline, ctrl + click (no snapping) on its corners, closed on the first one.
  await page.keyboard.down('Control');
  for (const [x, y] of [[0, 0], [LENGTH, 0], [LENGTH, DEPTH], [0, DEPTH]] as const) await clickAt(page, plan, dx + x, dy + y);
  await page.keyboard.up('Control');
  await expect(plan).toHaveAttribute('data-draft', '4');
  await clickAt(page, plan, dx, dy);
  await expect(plan).toHaveAttribute('data-outlines', '1');
  await expect(plan).toHaveAttribute('data-vertices', '4');

  // Shift + click on an edge adds a corner; right click deletes it; undo and redo by keyboard.
  await page.keyboard.down('Shift');
  await clickAt(page, plan, dx + LENGTH / 2, dy);
  await page.keyboard.up('Shift');
  await expect(plan).toHaveAttribute('data-vertices', '5');
  await page.keyboard.press('Control+z');
  await expect(plan).toHaveAttribute('data-vertices', '4');
  await page.keyboard.press('Control+Shift+z');
  await expect(plan).toHaveAttribute('data-vertices', '5');
  await page.keyboard.press('Control+z');
  await expect(plan).toHaveAttribute('data-vertices', '4');
  await page.keyboard.press('Control+y');
  await expect(plan).toHaveAttribute('data-vertices', '5');
  await clickAt(page, plan, dx + LENGTH / 2, dy, { button: 'right' });
  await expect(plan).toHaveAttribute('data-vertices', '4');
  await expect(page.getByRole('button', { name: 'Undo' })).toBeEnabled();

  // The same by keyboard alone: a corner picked from the side panel's buttons, moved by the arrows
  // (1 cm, Shift 10 cm; up is north), one inserted after it with I and deleted, then all undone.
  const corner = page.getByTestId('panelizer-corner');
  const cornerAt = async () => (await corner.textContent())!.match(/-?\d+\.\d+(?= m)/g)!.map(Number);
  await page.getByRole('button', { name: 'Building 1', exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('group', { name: 'Corners of the selected outline' }).getByRole('button', { name: 'Corner 2', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(corner).toHaveText(/^Corner 2 at /);
  const original = await corner.textContent();
  const [x0, y0] = await cornerAt();
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('ArrowUp');
  await expect(corner).not.toHaveText(original!);
  const [x1, y1] = await cornerAt();
  expect(x1! - x0!).toBeCloseTo(0.1, 1);
  expect(y1! - y0!).toBeCloseTo(0.01, 2);
  await page.keyboard.press('i');
  await expect(plan).toHaveAttribute('data-vertices', '5');
  await expect(corner).toHaveText(/^Corner 3 at /);
  await page.keyboard.press('Delete');
  await expect(plan).toHaveAttribute('data-vertices', '4');
  await expect(plan).toHaveAttribute('data-outlines', '1');
  for (let i = 0; i < 4; i++) await page.keyboard.press('Control+z');
  await expect(plan).toHaveAttribute('data-vertices', '4');
  await page.getByRole('group', { name: 'Corners of the selected outline' }).getByRole('button', { name: 'Corner 2', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(corner).toHaveText(original!);

  // Floors 2–4 linked with floor 1: one shared floorplan; the warning goes once none is left without.
  for (let floor = 2; floor <= STOREYS; floor++) {
    await expect(warning).toBeVisible();
    await floorButtons.filter({ hasText: `Floor ${floor}` }).click();
    await page.getByLabel('Other floor').selectOption({ label: 'Floor 1' });
    await page.getByRole('button', { name: 'Link with it' }).click();
    await expect(page.getByTestId('panelizer-linked-with')).toContainText('Floor 1');
  }
  await expect(warning).toBeHidden();
  // Unlinking one floor gives it its own copy with the outline, so still no warning.
  await page.getByRole('button', { name: 'Unlink this floor' }).click();
  await expect(warning).toBeHidden();
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('panelizer-linked-with')).toContainText('Floor 1');

  // Step 3: on floor 1, each facade's first window (and the door), repeated by the opening group tool.
  await page.getByRole('tab', { name: '3. Openings' }).click();
  await floorButtons.filter({ hasText: 'Floor 1' }).click();
  const facades = [
    { name: 'South · building', length: LENGTH, door: true },
    { name: 'East · building', length: DEPTH, door: false },
    { name: 'North · building', length: LENGTH, door: false },
    { name: 'West · building', length: DEPTH, door: false },
  ];
  // The elevations list groups each floor's edges by facade, the bottom floor at the bottom.
  const elevationsList = page.getByRole('navigation', { name: 'Elevations' });
  await expect(elevationsList.getByTestId('panelizer-facade')).toHaveCount(4);
  await expect(elevationsList.getByRole('region', { name: 'South · building' }).getByRole('button')).toHaveText(
    Array.from({ length: STOREYS }, (_, k) => new RegExp(`^Floor ${STOREYS - k} · 24\\.00 m`)),
  );
  for (const facade of facades) {
    await elevationsList.getByRole('region', { name: facade.name }).getByRole('button', { name: new RegExp(`^Floor 1 · ${facade.length.toFixed(2).replace('.', '\\.')} m`) }).click();
    await pointsSettled(page);
    const windows = openingsOf(facade.length, false).filter((o) => o.bottom < STOREY_HEIGHT);
    const first = windows[0]!;
    await drawOpening(page, { left: first.left, bottom: first.bottom, width: first.width, height: first.height }, first.left + 0.1, dz);
    const group = page.getByRole('group', { name: /^Opening group tool/ });
    for (let floor = 2; floor <= STOREYS; floor++) await group.getByRole('checkbox', { name: `Floor ${floor}` }).check();
    await group.getByLabel('Positions along the wall').fill(String(windows.length));
    await group.getByLabel('Spacing (m)').fill((windows[1]!.left - first.left).toFixed(2));
    await group.getByRole('button', { name: /^Repeat/ }).click();
    await expect(page.getByTestId('panelizer-elevation')).toHaveAttribute('data-openings', String(windows.length));
    if (facade.door) {
      const door = openingsOf(facade.length, true).find((o) => o.door)!;
      await drawOpening(page, { ...door, door: true }, door.left + 0.1, dz);
      await expect(page.getByTestId('panelizer-elevation')).toHaveAttribute('data-openings', String(windows.length + 1));
    }
  }

  // The net facade area: the generator's facades minus its openings, within 1 %.
  const all = [true, false, false, false].flatMap((door, i) => openingsOf(i % 2 === 0 ? LENGTH : DEPTH, door));
  const expected = 2 * (LENGTH + DEPTH) * STOREYS * STOREY_HEIGHT - all.reduce((sum, o) => sum + o.width * o.height, 0);
  const net = Number(await page.getByTestId('panelizer-total-net').getAttribute('data-value'));
  expect(Math.abs(net - expected) / expected).toBeLessThan(0.01);
  expect(Number(await page.getByTestId('panelizer-total-openingsCount').getAttribute('data-value'))).toBe(all.length);

  // Saved, then exported: the export opens read-only, without any editing control.
  await expect(page.getByTestId('panelizer-save-state')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Create export' }).click();
  await page.getByRole('link', { name: 'Open export 1' }).click();
  await expect(page).toHaveURL(/\/panelizer\?export=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('panelizer-read-only')).toHaveText('Export (read-only)');
  await expect(page.getByTestId('panelizer-editor')).toHaveAttribute('data-read-only', 'true');
  expect(Number(await page.getByTestId('panelizer-total-net').getAttribute('data-value'))).toBeCloseTo(net, 6);
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await page.getByRole('tab', { name: '2. Walls' }).click();
  await expect(page.getByTestId('panelizer-plan')).toHaveAttribute('data-outlines', '1');
  await expect(page.getByRole('button', { name: 'Building', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Link with it' })).toHaveCount(0);
  await page.getByRole('tab', { name: '3. Openings' }).click();
  await expect(page.getByRole('button', { name: 'Window', exact: true })).toHaveCount(0);
});

test("another company's customer cannot open the demo mission's panelizer", async ({ page }) => {
  const missionId = await demoMission();
  await signInOverHttp(page, 'customer2@example.com');
  await page.goto(`/mission/${missionId}/panelizer`);
  await expect(page.getByRole('heading', { name: `Not authorized to access mission id ${missionId}` })).toBeVisible();
});

test('proposals: floor lines and an outline proposed from the demo cloud, rejected or accepted, and undoable', async ({ page }, info) => {
  test.setTimeout(300_000);
  const missionId = await demoMission();
  await cloudReady(missionId);
  await signInOverHttp(page, 'manager@example.com');
  await page.goto(`/mission/${missionId}/panelizer`);
  await createProject(page, `E2E proposals ${info.workerIndex}-${Date.now()}`);
  await pointsSettled(page);

  // Floor lines: the building's storeys (ground, every 3 m, the eaves) within 5 cm.
  await page.getByRole('button', { name: 'Propose floor lines' }).click();
  const proposals = page.getByTestId('panelizer-proposals');
  const items = proposals.getByRole('listitem');
  await expect(items.first()).toBeVisible();
  const count = await items.count();
  expect(count).toBeGreaterThanOrEqual(2);
  const section = page.getByTestId('panelizer-section');
  // One rejected: it leaves the list, nothing is drawn.
  await items.first().getByRole('button', { name: /^Reject: Floor line at/ }).click();
  await expect(items).toHaveCount(count - 1);
  await expect(section).toHaveAttribute('data-lines', '0');
  // Proposed again, each accepted: every one a command, so undo and redo take them back and forth.
  await proposals.getByRole('button', { name: 'Reject all' }).click();
  await page.getByRole('button', { name: 'Propose floor lines' }).click();
  await expect(items).toHaveCount(count);
  for (let accepted = 1; accepted <= count; accepted++) {
    await items.first().getByRole('button', { name: /^Accept: Floor line at/ }).click();
    await expect(section).toHaveAttribute('data-lines', String(accepted));
  }
  await page.keyboard.press('Control+z');
  await expect(section).toHaveAttribute('data-lines', String(count - 1));
  await page.keyboard.press('Control+Shift+z');
  await expect(section).toHaveAttribute('data-lines', String(count));

  // The outline of floor 1: proposed, then accepted as a building outline.
  await page.getByRole('tab', { name: '2. Walls' }).click();
  await pointsSettled(page);
  await page.getByRole('button', { name: 'Propose outline' }).click();
  await expect(page.getByTestId('panelizer-proposals').getByRole('listitem')).toHaveCount(1);
  await page.getByTestId('panelizer-proposals').getByRole('button', { name: /^Accept: Outline with \d+ corners$/ }).click();
  await expect(page.getByTestId('panelizer-plan')).toHaveAttribute('data-outlines', '1');
});

test('openings resized by their handles and nudged by the arrows; the toolbar renames and publishes; an export made at once holds the last edit', async ({ page }, info) => {
  test.setTimeout(300_000);
  const missionId = await demoMission();
  await cloudReady(missionId);
  await signInOverHttp(page, 'manager@example.com');
  await page.goto(`/mission/${missionId}/panelizer`);
  const name = `E2E handles ${info.workerIndex}-${Date.now()}`;
  await createProject(page, name);
  const [dx, dy, dz] = await buildingOffset(page);

  // The section's line on the plan beside it; dragged 3 m east, the section is cut there.
  const section = page.getByTestId('panelizer-section');
  await pointsSettled(page);
  const slice = page.getByTestId('panelizer-slice');
  await expect(slice).toHaveAttribute('data-section-line', /^[-\d.]+,[-\d.]+,[-\d.]+,[-\d.]+$/);
  const lineOf = async () => (await slice.getAttribute('data-section-line'))!.split(',').map(Number) as [number, number, number, number];
  const [x0, y0, x1, y1] = await lineOf();
  const [sx, sy] = await at(slice, (x0 + x1) / 2, (y0 + y1) / 2);
  const [tx, ty] = await at(slice, (x0 + x1) / 2 + 3, (y0 + y1) / 2);
  await page.mouse.move(sx, sy);
  await page.mouse.down();
  await page.mouse.move(tx, ty, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await lineOf())[0]).toBeCloseTo(x0 + 3, 0);
  await expect(section).toHaveAttribute('data-view', /scale/);
  await pointsSettled(page);
  expect((await lineOf())[2] - (await lineOf())[0]).toBeCloseTo(x1 - x0, 1);

  // One storey and the outline.
  await placeFloorLine(page, section, dz);
  await placeFloorLine(page, section, Math.round((dz + STOREY_HEIGHT) * 100) / 100);
  await page.getByRole('tab', { name: '2. Walls' }).click();
  await pointsSettled(page);
  const plan = page.getByTestId('panelizer-plan');
  await page.keyboard.down('Control');
  for (const [x, y] of [[0, 0], [LENGTH, 0], [LENGTH, DEPTH], [0, DEPTH], [0, 0]] as const) await clickAt(page, plan, dx + x, dy + y);
  await page.keyboard.up('Control');
  await expect(plan).toHaveAttribute('data-outlines', '1');

  // Two windows on the south elevation: A at 2–3 m, B at 5–6 m (selected, as just drawn).
  await page.getByRole('tab', { name: '3. Openings' }).click();
  await page.getByRole('navigation', { name: 'Elevations' }).getByRole('region', { name: 'South · building' }).getByRole('button', { name: /^Floor 1 · 24\.00 m/ }).click();
  await pointsSettled(page);
  await drawOpening(page, { left: 2, bottom: 1, width: 1, height: 1.5 }, 2.1, dz);
  await drawOpening(page, { left: 5, bottom: 1, width: 1, height: 1.2 }, 5.1, dz);
  const elevation = page.getByTestId('panelizer-elevation');
  const fields = page.getByRole('group', { name: 'Selected opening' });
  const drag = async (from: [number, number], to: [number, number]) => {
    const [x0, y0] = await at(elevation, from[0], dz + from[1]);
    const [x1, y1] = await at(elevation, to[0], dz + to[1]);
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    await page.mouse.move(x1, y1, { steps: 5 });
    await page.mouse.up();
  };

  // Zoomed in on the two (the wheel zooms about the cursor), as one works on small openings.
  const scaleOf = async () => (JSON.parse((await elevation.getAttribute('data-view'))!) as View).scale;
  const farScale = await scaleOf();
  const [zx, zy] = await at(elevation, 4, dz + 1.6);
  await page.mouse.move(zx, zy);
  await page.mouse.wheel(0, -600);
  await expect.poll(scaleOf).toBeGreaterThan(farScale * 2);
  await page.mouse.wheel(0, -600);
  await expect.poll(scaleOf).toBeGreaterThan(farScale * 5);

  // B's left side dragged past A stops at A's right side.
  await drag([5, 1.6], [2.5, 1.6]);
  await expect(fields.getByLabel("From the wall's start (m)")).toHaveValue('3.00');
  await expect(fields.getByLabel('Width (m)')).toHaveValue('3.00');
  await expect(fields.getByLabel('Above the floor line (m)')).toHaveValue('1.00');
  await expect(fields.getByLabel('Height (m)')).toHaveValue('1.20');
  await expect(elevation).toHaveAttribute('data-openings', '2');
  // B's top dragged near A's top snaps onto it; one drag is one undo.
  await drag([4.5, 2.2], [4.5, 2.46]);
  await expect(fields.getByLabel('Height (m)')).toHaveValue('1.50');
  await page.keyboard.press('Control+z');
  await expect(fields.getByLabel('Height (m)')).toHaveValue('1.20');
  await expect(fields.getByLabel('Width (m)')).toHaveValue('3.00');
  // With ctrl held it does not snap.
  await page.keyboard.down('Control');
  await drag([4.5, 2.2], [4.5, 2.46]);
  await page.keyboard.up('Control');
  await expect(fields.getByLabel('Height (m)')).toHaveValue(/^1\.4\d$/);

  // The arrows nudge the selected opening: 1 cm, shift 10 cm.
  await elevation.focus();
  await page.keyboard.press('ArrowRight');
  await expect(fields.getByLabel("From the wall's start (m)")).toHaveValue('3.01');
  await page.keyboard.press('Shift+ArrowUp');
  await expect(fields.getByLabel('Above the floor line (m)')).toHaveValue('1.10');

  // Renamed from the toolbar right after an edit: the rename waits for the save, and saving goes on.
  await page.keyboard.press('ArrowRight');
  await page.getByRole('button', { name: 'Rename' }).click();
  await page.getByRole('textbox', { name: 'Project name' }).fill(`${name} (renamed)`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name} (renamed)` })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('panelizer-save-state')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });

  // "Create export" at once after an edit: the export holds it (B 3.04 m from the wall's start).
  await page.keyboard.press('ArrowRight');
  await expect(fields.getByLabel("From the wall's start (m)")).toHaveValue('3.04');
  await page.getByRole('button', { name: 'Create export' }).click();
  const link = page.getByRole('link', { name: 'Open export 1' });
  await expect(link).toBeVisible();
  const exportId = new URL((await link.getAttribute('href'))!, page.url()).searchParams.get('export')!;
  const exported = (await (await page.request.get(`/api/v2/panelizer-exports/${exportId}`)).json()) as { document: { openings: { left: number; width: number }[] } };
  expect(exported.document.openings.map((o) => o.left).sort((a, b) => a - b)).toEqual([2, 3.04]);

  // Published and unpublished from the toolbar's exports.
  const exports = page.getByTestId('panelizer-toolbar-exports');
  await exports.getByText('Exports (1)').click();
  await exports.getByRole('button', { name: 'Publish export 1' }).click();
  await expect(exports.getByText('Published', { exact: true })).toBeVisible();
  const { rows } = await withDb((db) => db.query<{ published_at: Date | null }>(`select published_at from panelizer_export where id = $1`, [exportId]));
  expect(rows[0]!.published_at).not.toBeNull();
  await exports.getByRole('button', { name: 'Unpublish export 1' }).click();
  await expect(exports.getByRole('button', { name: 'Publish export 1' })).toBeVisible();
  await expect(exports.getByText('Published', { exact: true })).toHaveCount(0);
});
