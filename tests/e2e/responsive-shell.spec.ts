import { expect, test, type Page } from '@playwright/test';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';
import { withDb } from './support/db';

// Issue 20 item 2: the shell on a phone (375 px) and a laptop (1366 px).
test.use({ locale: 'en-US' });

/** How far the page itself scrolls sideways (a table may scroll inside its own box, the page must not). */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the menu is a drawer: opened by the header button, closed by Escape and by following a link', async ({ page }) => {
    await signInOverHttp(page, 'customer@example.com');
    await page.goto('/mission-list');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const open = page.getByRole('button', { name: 'Open menu' });
    await expect(menu).toBeHidden();
    await open.click();
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await menu.getByRole('link', { name: 'Mission planner' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/planner');
    await expect(menu).toBeHidden();
  });

  test('the mission list scrolls its table sideways, not the page, and its filter pop-overs stay on screen', async ({ page }) => {
    await signInOverHttp(page, 'customer@example.com');
    await page.goto('/mission-list');
    await expect(page.getByRole('table')).toBeVisible();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    for (const filter of ['Status', 'Step', 'Priority']) {
      await page.getByText(new RegExp(`^${filter}: `)).click();
      const panel = page.getByRole('group', { name: filter });
      await expect(panel).toBeVisible();
      const box = (await panel.boundingBox())!;
      expect(box.x, filter).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, filter).toBeLessThanOrEqual(375);
      await page.getByText(new RegExp(`^${filter}: `)).click();
    }
  });

  test("the blurring and panelizer editors stack their columns: the image and the drawing take the phone's width", async ({ page }) => {
    test.setTimeout(300_000);
    const { rows } = await withDb((db) => db.query<{ id: string }>(`select id from mission where internal_reference = 'ARG-2026-DEMO'`));
    const demo = Number(rows[0]!.id);
    await signInOverHttp(page, 'manager@example.com');
    const fillsWidth = (box: { x: number; width: number } | null) => {
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      expect(box!.width).toBeGreaterThan(300);
    };
    await page.goto(`/blurring/editor/${demo}/blur`);
    // The image shows once the worker's face search is done (it may still be busy with the demo scan).
    await expect(page.getByTestId('blurring-original')).toBeVisible({ timeout: 240_000 });
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    fillsWidth(await page.getByTestId('blurring-stage').boundingBox());

    await page.goto(`/mission/${demo}/panelizer`);
    await page.getByRole('list', { name: 'Projects' }).getByRole('link').first().click();
    await expect(page.getByTestId('panelizer-section')).toBeVisible();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    fillsWidth(await page.getByTestId('panelizer-section').boundingBox());
  });

  test('the storage page, the planner and the map do not scroll sideways: long options and the place finder fit', async ({ page }) => {
    await signInOverHttp(page, 'admin@example.com');
    await page.goto('/storage');
    const status = page.getByRole('combobox', { name: /^State/ });
    await expect(status).toBeVisible();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    expect((await status.boundingBox())!.x + (await status.boundingBox())!.width).toBeLessThanOrEqual(375);
    await page.goto('/planner');
    await expect(page.getByRole('form', { name: 'Go to coordinates' })).toBeVisible();
    expect(await pageOverflow(page), '/planner').toBeLessThanOrEqual(0);
    await page.goto('/map-overview');
    await page.getByText('Find a place').click();
    const finder = page.getByRole('form', { name: 'Go to coordinates' });
    await expect(finder).toBeVisible();
    expect(await pageOverflow(page), '/map-overview').toBeLessThanOrEqual(0);
    expect((await finder.boundingBox())!.x + (await finder.boundingBox())!.width).toBeLessThanOrEqual(375);
  });

  test("the tour images list keeps each image's name clear of its buttons", async ({ page }) => {
    const { rows } = await withDb((db) => db.query<{ id: string }>(`select id from mission where internal_reference = 'ARG-2026-DEMO'`));
    await signInOverHttp(page, 'manager@example.com');
    await page.goto(`/mission/${rows[0]!.id}/virtual_tour_images`);
    const items = page.getByTestId('tour-images').getByRole('listitem');
    await expect(items.first().getByRole('button', { name: 'Rename' })).toBeVisible();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    type Box = { x: number; y: number; width: number; height: number };
    const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    for (const item of await items.all()) {
      const name = (await item.locator('strong').boundingBox())!;
      expect(name.width).toBeGreaterThan(60);
      for (const button of await item.getByRole('button').all()) expect(overlap(name, (await button.boundingBox())!), await button.innerText()).toBe(false);
    }
  });
});

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the menu is the sidebar, without a menu button', async ({ page }) => {
    await signInOverHttp(page, 'customer@example.com');
    await page.goto('/mission-list');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  });

  for (const [path, action] of [
    ['/company-center', /^Edit /],
    ['/customer-center', /^Edit /],
    ['/user-center', 'Sign out everywhere'],
  ] as const) {
    test(`${path} keeps every row's actions on screen`, async ({ page }) => {
      await signInOverHttp(page, 'admin@example.com');
      await page.goto(path);
      const first = page.getByRole('table').getByRole('button', { name: action }).first();
      await expect(first).toBeVisible();
      await expect(first).toBeInViewport({ ratio: 1 });
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    });
  }
});
