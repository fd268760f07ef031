import { expect, test } from '@playwright/test';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';
import { DEMO_PASSWORD } from './support/identity';
import { withDb } from './support/db';
import { demoMissionId, expectFocusRing, focused, focusedName, tabTo } from './support/keyboard';

// Issue 20 point 6: every control reachable and operable by keyboard. These tests drive the main
// screens with page.keyboard only (Tab, Shift+Tab, Enter, Space, Escape, arrows); the mouse is
// never used. Where focus lands is read from the page, by accessible name or role, and each step
// checks that the action really happened.
test.use({ locale: 'en-US', timezoneId: 'Europe/Berlin', viewport: { width: 1366, height: 768 } });

test('sign-in: the form is filled and sent with the keyboard alone', async ({ page }) => {
  await page.goto('/auth/signin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome');
  await tabTo(page, 'Email');
  await expectFocusRing(page);
  await page.keyboard.type('customer@example.com');
  await page.keyboard.press('Tab');
  await expect(focused(page)).toHaveAccessibleName('Password');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Tab');
  await expect(focused(page)).toHaveAccessibleName('Sign in');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => !url.pathname.startsWith('/auth/'));
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the menu drawer opens with Enter, takes focus, and Escape gives focus back to its button', async ({ page }) => {
    await signInOverHttp(page, 'customer@example.com');
    await page.goto('/mission-list');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeHidden();
    // The skip link comes first, then the menu button.
    await page.keyboard.press('Tab');
    await expect(focused(page)).toHaveAccessibleName('Skip to content');
    await tabTo(page, 'Open menu', { max: 3 });
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect(focused(page)).toHaveAccessibleName('Mission planner');
    await page.keyboard.press('Tab');
    await expect(focused(page)).toHaveAccessibleName('Missions');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(focused(page)).toHaveAccessibleName('Open menu');
    // Opened again with Space, an entry followed with Enter.
    await page.keyboard.press('Space');
    await expect(menu).toBeVisible();
    await tabTo(page, 'Missions', { max: 3 });
    await expect(focused(page)).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/mission-list');
    // The current page's entry closes the drawer too (the path did not change), focus back on the button.
    await expect(menu).toBeHidden();
    await expect(focused(page)).toHaveAccessibleName('Open menu');
  });

  test('the open drawer keeps Tab inside: past its last entry focus never goes to the page behind', async ({ page }) => {
    await signInOverHttp(page, 'customer@example.com');
    await page.goto('/mission-list');
    await expect(page.getByRole('table')).toBeVisible();
    await tabTo(page, 'Open menu', { max: 3 });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await tabTo(page, 'Logout', { max: 20 });
    // On from the last entry: never into the page under the backdrop (its filters, its table)...
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      await expect(page.locator('main :focus')).toHaveCount(0);
      if ((await focusedName(page)) === 'Close menu') break;
    }
    // ...but round to the menu button, which closes it.
    await expect(focused(page)).toHaveAccessibleName('Close menu');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
    // Closed, the page is reachable again.
    await tabTo(page, /^Status: /, { max: 30 });
  });
});

test('the mission list: a filter pop-over, the sort and a row, by keyboard', async ({ page }) => {
  await signInOverHttp(page, 'customer@example.com');
  await page.goto('/mission-list');
  await expect(page.getByRole('table')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(focused(page)).toHaveAccessibleName('Skip to content');
  // The skip link jumps over the menu to the content.
  await page.keyboard.press('Enter');
  await tabTo(page, /^Status: /, { max: 10 });
  await expectFocusRing(page);
  const panel = page.getByRole('group', { name: 'Status' });
  await expect(panel).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  // Into the pop-over: its first choice, ticked with Space, goes into the address.
  await page.keyboard.press('Tab');
  await expect(focused(page)).toHaveAttribute('type', 'checkbox');
  const first = await focusedName(page);
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/status=/);
  await expect(page.getByRole('group', { name: 'Status' }).getByRole('checkbox', { name: first })).toBeChecked();
  // Escape closes it and puts focus back on its summary.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(focused(page)).toHaveAccessibleName('Status: 1 selected');
  // Clear the filter again with the keyboard.
  await tabTo(page, 'Clear filters');
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/status=/);

  // The table's sort buttons: Enter sorts by that column.
  await tabTo(page, /^Name$/);
  await expect(focused(page)).toHaveRole('button');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort=name/);
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', /ascending|descending/);

  // A row's link, on screen at 1366 px, opens the mission.
  const id = await demoMissionId();
  await tabTo(page, String(id), { max: 150 });
  await expect(focused(page)).toBeInViewport();
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/mission/${id}(\\?|$)`));
});

test("a centre's row actions at 1366 px: reached by Tab, on screen, and their dialog gives focus back", async ({ page }) => {
  await signInOverHttp(page, 'admin@example.com');
  await page.goto('/company-center');
  await expect(page.getByRole('table')).toBeVisible();
  const edit = await tabTo(page, /^Edit /, { max: 120 });
  const name = await focusedName(page);
  await expect(edit).toBeInViewport({ ratio: 1 });
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(focused(page)).toHaveAccessibleName(name);
});

test("the planner's address search: typed, a result chosen with Tab and Enter", async ({ page }) => {
  await signInOverHttp(page, 'customer@example.com');
  await page.goto('/planner');
  await expect(page.getByRole('heading', { name: 'New mission' })).toBeVisible();
  await tabTo(page, 'Search address', { max: 120 });
  await expectFocusRing(page);
  const searched = page.waitForResponse((r) => r.url().includes('/api/v2/geocode?') && r.status() === 200);
  await page.keyboard.type('Marienplatz');
  await searched;
  const results = page.getByRole('list', { name: 'Search address' });
  await expect(results.getByRole('button')).toHaveCount(2);
  await page.keyboard.press('Tab');
  await expect(focused(page)).toHaveAccessibleName('Marienplatz, Altstadt-Lehel, München, Bayern, Deutschland');
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  // Chosen: the list of results closed, and focus is back in the search box, not lost with the list.
  await expect(results).toBeHidden();
  await expect(focused(page)).toHaveAccessibleName('Search address');
});

test('mission detail: an action asks in a dialog that holds focus; Escape cancels and gives focus back', async ({ page }) => {
  const id = await demoMissionId();
  await signInOverHttp(page, 'manager@example.com');
  await page.goto(`/mission/${id}`);
  const actions = page.getByRole('toolbar', { name: 'Mission actions' });
  await expect(actions).toBeVisible();
  await tabTo(page, 'Close', { max: 120 });
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Close mission ${id}?` });
  await expect(dialog).toBeVisible();
  // Focus moved into the dialog, and Tab and Shift+Tab stay there.
  await expect(dialog.locator(':focus')).toHaveCount(1);
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    await expect(dialog.locator(':focus')).toHaveCount(1);
  }
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.locator(':focus')).toHaveCount(1);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(focused(page)).toHaveAccessibleName('Close');
  // Nothing happened: the mission is still open.
  const { rows } = await withDb((db) => db.query<{ closed: boolean }>(`select closed from mission where id = $1`, [id]));
  expect(rows[0]!.closed).toBe(false);

  // The neighbours' links in the same toolbar are reachable too.
  await tabTo(page, /^(Previous|Next) mission$/, { max: 10 });
  await expect(focused(page)).toHaveRole('link');
});

test("the tour images: the slider's arrows keys, a slide opened with Enter and closed with Escape", async ({ page }) => {
  test.setTimeout(600_000);
  const id = await demoMissionId();
  await signInOverHttp(page, 'customer@example.com');
  await page.goto(`/mission/${id}/virtual_tour_images`);
  // The slider shows blurred derivatives only, which the worker prepares after the demo scan.
  await expect
    .poll(
      async () => {
        await page.reload();
        return (await page.getByRole('region', { name: 'Tour images' }).count()) > 0 && (await page.getByText(/still being prepared/).count()) === 0;
      },
      { timeout: 480_000, intervals: [3_000] },
    )
    .toBe(true);
  const slider = page.getByRole('region', { name: 'Tour images' });
  const firstSlide = slider.getByRole('group', { name: /^1 of \d+: / });
  const name = ((await firstSlide.getAttribute('aria-label')) ?? '').replace(/^1 of \d+: /, '');
  // The active slide is one button, named by its image.
  await tabTo(page, name);
  await expect(firstSlide.locator(':focus')).toHaveCount(1);
  await expectFocusRing(page);
  await page.keyboard.press('ArrowRight');
  const second = slider.getByRole('group', { name: /^2 of \d+: / });
  await expect(second).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(slider.getByRole('group', { name: /^1 of \d+: / })).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('End');
  await expect(slider.getByRole('group', { name: /^(\d+) of \1: / })).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Home');
  await expect(firstSlide).toHaveAttribute('aria-current', 'true');
  // Focus followed the active slide, so Enter opens the one shown.
  await expect(focused(page)).toHaveAccessibleName(name);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(firstSlide.locator(':focus')).toHaveCount(1);
});

test("the blurring editor's shortcuts and the panelizer's steps", async ({ page }) => {
  test.setTimeout(600_000);
  const id = await demoMissionId();
  await signInOverHttp(page, 'manager@example.com');
  await page.goto(`/blurring/editor/${id}/blur`);
  await expect(page.getByTestId('blurring-original')).toBeVisible({ timeout: 480_000 });
  // The tools answer once the image's regions are read.
  await expect(page.getByRole('button', { name: 'Rectangle', exact: true })).toBeEnabled({ timeout: 30_000 });
  // Tool shortcuts: R rectangle, E ellipse, V select.
  await page.keyboard.press('r');
  await expect(page.getByRole('button', { name: 'Rectangle', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('e');
  await expect(page.getByRole('button', { name: 'Ellipse', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('v');
  await expect(page.getByRole('button', { name: 'Select and move', exact: true })).toHaveAttribute('aria-pressed', 'true');
  // The arrows go through the images; the toolbar's buttons still answer to Enter.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText(/^Image 2 of \d+$/).first()).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByText(/^Image 1 of \d+$/).first()).toBeVisible();
  await tabTo(page, 'Rectangle');
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Rectangle', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // The panelizer: the demo project's steps are tabs, switched with the arrow keys.
  const { rows } = await withDb((db) => db.query<{ id: string }>(`select id from panelizer_project where mission_id = $1 order by created_at limit 1`, [id]));
  await page.goto(`/mission/${id}/panelizer?project=${rows[0]!.id}`);
  await expect(page.getByTestId('panelizer-editor')).toBeVisible({ timeout: 60_000 });
  const floors = page.getByRole('tab', { name: '1. Floors' });
  await tabTo(page, '1. Floors');
  await expect(floors).toHaveAttribute('aria-selected', 'true');
  await expectFocusRing(page);
  await page.keyboard.press('ArrowRight');
  await expect(focused(page)).toHaveAccessibleName('2. Walls');
  await expect(page.getByRole('tab', { name: '2. Walls' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: '3. Openings' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(floors).toHaveAttribute('aria-selected', 'true');
  await expect(focused(page)).toHaveAccessibleName('1. Floors');
  // One tab stop for the whole list: Tab leaves it.
  await page.keyboard.press('Tab');
  await expect(focused(page)).not.toHaveRole('tab');
});
