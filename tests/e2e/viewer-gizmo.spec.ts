import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';
import { withDb } from './support/db';

// Issue 16, the drag gizmo: a clip box's handles over the canvas move and resize it; the typed
// numbers follow the drag live, and each drag is saved like a typed edit (kept after a reload).
test.use({ locale: 'en-US', timezoneId: 'Europe/Berlin' });

async function demoMission(): Promise<number> {
  const { rows } = await withDb((db) => db.query<{ id: string }>(`select id from mission where internal_reference = 'ARG-2026-DEMO'`));
  expect(rows[0], 'the demo mission').toBeDefined();
  return Number(rows[0]!.id);
}

async function cloudReady(missionId: number) {
  await expect
    .poll(
      async () =>
        (await withDb((db) => db.query(`select 1 from conversion where mission_id = $1 and dataset_id is null and state = 'succeeded'`, [missionId]))).rowCount,
      { timeout: 240_000, intervals: [2_000] },
    )
    .toBeGreaterThan(0);
}

async function openViewer(page: Page, missionId: number) {
  await page.goto(`/mission/${missionId}/viewer`);
  await page.getByRole('button', { name: 'Show settings' }).click();
  await page.getByLabel('Point budget').fill('100000');
  await page.getByRole('button', { name: 'Hide settings' }).click();
  await expect(page.getByTestId('viewer-status')).toHaveAttribute('data-phase', 'ready', { timeout: 60_000 });
}

/** Presses a handle and drags it by (dx, dy) pixels in steps, as a hand would. */
async function dragHandle(page: Page, handle: Locator, dx: number, dy: number) {
  await handle.hover();
  const box = (await handle.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}

test('manager@ drags a clip box by its handles: the typed numbers follow, each drag is saved and kept after a reload', async ({ page }) => {
  test.setTimeout(420_000);
  const missionId = await demoMission();
  await cloudReady(missionId);
  await signInOverHttp(page, 'manager@example.com');
  await openViewer(page, missionId);
  type Saved = { id: number; kind: string; name: string; version: number; data: { centre: number[]; size: number[] } };
  const saved = async () => ((await (await page.request.get(`/api/v2/missions/${missionId}/measurements`)).json()) as { items: Saved[] }).items;
  const items = page.getByTestId('viewer-items');
  const before = new Set((await saved()).map((i) => i.id));

  await items.getByRole('button', { name: 'Clip box', exact: true }).click();
  await expect.poll(async () => (await saved()).filter((i) => !before.has(i.id) && i.kind === 'clip-box').length).toBe(1);
  const box = (await saved()).find((i) => !before.has(i.id) && i.kind === 'clip-box')!;
  const editor = page.getByTestId('viewer-volume-editor');
  const length = editor.getByLabel('Length (m)');
  const easting = editor.getByLabel('Easting');
  const northing = editor.getByLabel('Northing');
  const typed = async (field: Locator) => Number(await field.inputValue());
  const start = { length: await typed(length), easting: await typed(easting), northing: await typed(northing) };
  expect(start.length).toBeCloseTo(box.data.size[0]!, 3);

  // The right end's handle dragged outwards (away from the centre on screen): longer, centre shifted half as far.
  const gizmo = page.getByTestId('viewer-gizmo');
  const centreHandle = gizmo.getByRole('button', { name: `Move ${box.name} (drag)` });
  const endHandle = gizmo.getByRole('button', { name: `Resize ${box.name} at its right end (drag)` });
  const c = (await centreHandle.boundingBox())!;
  const e = (await endHandle.boundingBox())!;
  const away = [e.x - c.x, e.y - c.y];
  const scale = 60 / Math.hypot(away[0]!, away[1]!);
  await dragHandle(page, endHandle, away[0]! * scale, away[1]! * scale);
  await expect.poll(() => typed(length)).toBeGreaterThan(start.length + 0.01);
  const longer = await typed(length);
  await expect.poll(async () => (await saved()).find((i) => i.id === box.id)?.data.size[0]).toBeCloseTo(longer, 3);
  const afterResize = (await saved()).find((i) => i.id === box.id)!;
  expect(afterResize.version).toBe(box.version + 1);
  // The opposite end stayed: the centre moved by half the growth, along the box's (unturned) x axis.
  expect(afterResize.data.centre[0]! - box.data.centre[0]!).toBeCloseTo((longer - start.length) / 2, 2);

  // The centre's handle moves it over the ground plane: easting and northing change, height does not.
  await dragHandle(page, centreHandle, -40, 30);
  await expect.poll(async () => Math.abs((await typed(easting)) - start.easting) + Math.abs((await typed(northing)) - start.northing)).toBeGreaterThan(0.01);
  const moved = { easting: await typed(easting), northing: await typed(northing) };
  await expect.poll(async () => (await saved()).find((i) => i.id === box.id)?.version).toBe(box.version + 2);
  const afterMove = (await saved()).find((i) => i.id === box.id)!;
  expect(afterMove.data.centre[0]).toBeCloseTo(moved.easting, 3);
  expect(afterMove.data.centre[1]).toBeCloseTo(moved.northing, 3);
  expect(afterMove.data.centre[2]).toBeCloseTo(box.data.centre[2]!, 6);
  expect(afterMove.data.size[0]).toBeCloseTo(longer, 3);

  // Kept: after a reload the typed numbers show the dragged box.
  await openViewer(page, missionId);
  await items.getByRole('button', { name: `Edit ${box.name}` }).click();
  await expect(length).toHaveValue(String(longer));
  await expect(easting).toHaveValue(String(moved.easting));
  await expect(northing).toHaveValue(String(moved.northing));

  // Deleted again, so the demo cloud is whole for the other tests.
  await items.getByRole('button', { name: `Delete ${box.name}` }).click();
  await expect.poll(async () => (await saved()).some((i) => i.id === box.id)).toBe(false);
});
