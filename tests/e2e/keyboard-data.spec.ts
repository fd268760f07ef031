import { expect, test } from '@playwright/test';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';
import { withDb } from './support/db';
import { demoMissionId, expectFocusRing, focused, focusedName, tabTo } from './support/keyboard';

// Issue 20 point 6 on the scan-data screens: the pipeline, storage, the tour viewer and the 3D
// viewer, driven with page.keyboard only (see keyboard.spec.ts for the others). Each step checks
// that the action really happened.
test.use({ locale: 'en-US', timezoneId: 'Europe/Berlin', viewport: { width: 1366, height: 768 } });

/** Waits until the worker has built what the demo mission shows: its online cloud and its tour. */
async function demoReady(what: 'cloud' | 'tour'): Promise<void> {
  const query =
    what === 'cloud'
      ? `select 1 from conversion c join mission m on m.id = c.mission_id where m.internal_reference = 'ARG-2026-DEMO' and c.dataset_id is null and c.state = 'succeeded'`
      : `select 1 from tour t join mission m on m.id = t.mission_id where m.internal_reference = 'ARG-2026-DEMO' and t.manifest is not null`;
  await expect.poll(async () => (await withDb((db) => db.query(query))).rowCount, { timeout: 480_000, intervals: [3_000] }).toBeGreaterThan(0);
}

test('the pipeline: a status filter with Space, the type with the arrow keys, reset with Enter', async ({ page }) => {
  await signInOverHttp(page, 'admin@example.com');
  await page.goto('/pipeline');
  await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
  await tabTo(page, 'Error');
  await expectFocusRing(page);
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/[?&]status=error/);
  await expect(focused(page)).toBeChecked();
  await tabTo(page, 'Type');
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/[?&]type=\w+/);
  await tabTo(page, 'Reset filters');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => !url.searchParams.has('status') && !url.searchParams.has('type'));
  await expect(page.getByRole('checkbox', { name: 'Error', exact: true })).not.toBeChecked();
});

test("storage: a company folded with Enter, a mission's files shown and hidden with Enter", async ({ page }) => {
  const id = await demoMissionId();
  await signInOverHttp(page, 'admin@example.com');
  await page.goto('/storage');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const { rows } = await withDb((db) => db.query<{ name: string }>('select name from mission where id = $1', [id]));
  const showFiles = `Show files of ${rows[0]!.name}`;
  // Companies start open. The demo mission's company folds and opens again from its header.
  const company = page.getByTestId(/^storage-company-/).filter({ has: page.getByRole('button', { name: showFiles }) });
  const header = company.getByRole('button', { expanded: true }).first();
  const headerName = (await header.textContent())!.replace(/\s+/g, ' ').trim();
  await tabTo(page, headerName, { max: 200 });
  await page.keyboard.press('Enter');
  await expect(company.getByRole('button', { name: showFiles })).toHaveCount(0);
  await expect(focused(page)).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await tabTo(page, showFiles, { max: 300 });
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  // The mission's inventory: its files, or the word that none is recorded yet (before the storage inventory ran).
  const files = page.getByTestId(`storage-files-${id}`).or(page.getByText('No files stored yet.'));
  await expect(files).toBeVisible();
  await expect(focused(page)).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => focusedName(page)).toBe(`Hide files of ${rows[0]!.name}`);
  await page.keyboard.press('Enter');
  await expect(files).toHaveCount(0);
});

test('the tour viewer: 3D UI toggled, the map opened and closed, and the floor switched, by keyboard', async ({ page }) => {
  test.setTimeout(600_000);
  await demoReady('tour');
  const { rows } = await withDb((db) => db.query<{ mission_id: string; id: string }>(`select t.mission_id, t.id from tour t join mission m on m.id = t.mission_id where m.internal_reference = 'ARG-2026-DEMO'`));
  await signInOverHttp(page, 'customer@example.com');
  await page.goto(`/mission/${rows[0]!.mission_id}/virtual_tour/${rows[0]!.id}`);
  const viewer = page.getByTestId('tour-viewer');
  await expect(viewer).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });

  const toggle = await tabTo(page, 'Toggle 3D UI');
  await expectFocusRing(page);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  await tabTo(page, 'Map');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /^Map: / });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(focused(page)).toHaveAccessibleName('Map');

  await tabTo(page, 'Switch floor');
  await expect(page.getByTestId('floor-label')).toHaveText('Ground floor');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('floor-label')).toHaveText('Floor 1', { timeout: 30_000 });
});

test("the 3D viewer: the settings opened with Enter and the point budget changed with the arrow keys", async ({ page }) => {
  test.setTimeout(600_000);
  await demoReady('cloud');
  const id = await demoMissionId();
  await signInOverHttp(page, 'customer@example.com');
  await page.goto(`/mission/${id}/viewer`);
  await tabTo(page, 'Show settings');
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  await expect(focused(page)).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => focusedName(page)).toBe('Hide settings');
  const budget = page.getByLabel('Point budget');
  const before = Number(await budget.inputValue());
  await tabTo(page, 'Point budget');
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => Number(await budget.inputValue())).toBeGreaterThan(before);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => Number(await budget.inputValue())).toBe(before);
});

test('the map overview: clusters zoomed into and a mission opened from its popup, by keyboard', async ({ page }) => {
  test.setTimeout(180_000);
  await signInOverHttp(page, 'customer@example.com');
  await page.goto('/map-overview');
  const map = page.getByTestId('map-overview');
  await expect(map).toHaveAttribute('data-clusters-rendered', 'true', { timeout: 60_000 });
  const missions = page.locator('[data-mission-id]');
  const clusterCounts = () => page.locator('[data-cluster-count]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-cluster-count'))).sort((a, b) => a - b));
  for (let i = 0; i < 6 && (await missions.count()) === 0; i++) {
    const zoomed = page.waitForResponse((r) => r.url().includes('/api/v2/map/missions'), { timeout: 30_000 });
    await tabTo(page, / missions here, zoom in$/, { max: 200 });
    await page.keyboard.press('Enter');
    const answer = (await (await zoomed).json()) as { clusters: { count: number }[]; missions: unknown[] };
    // Tab on only once the answer is drawn: the markers of the view before would be gone mid-way.
    if (answer.missions.length) await expect(missions).toHaveCount(answer.missions.length);
    else await expect.poll(clusterCounts).toEqual(answer.clusters.map((c) => c.count).sort((a, b) => a - b));
  }
  await expect(missions.first()).toBeVisible();
  const id = await missions.first().getAttribute('data-mission-id');
  const name = (await missions.first().getAttribute('aria-label'))!;
  await tabTo(page, name, { max: 200 });
  await expectFocusRing(page);
  // The popup's link takes focus; Escape closes the popup and gives focus back to the marker.
  await page.keyboard.press('Enter');
  const popup = page.getByTestId('map-popup');
  await expect(popup.getByRole('link', { name })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
  await expect(focused(page)).toHaveAttribute('data-mission-id', id!);
  await page.keyboard.press('Enter');
  await expect(popup.getByRole('link', { name })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/mission/${id}$`));
});
