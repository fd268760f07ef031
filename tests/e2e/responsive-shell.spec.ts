import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';
import { withDb } from './support/db';

// Issue 20 item 2: the shell on a phone (375 px) and a laptop (1366 px).
test.use({ locale: 'en-US' });

/** How far the page itself scrolls sideways (a table may scroll inside its own box, the page must not). */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const demoMission = async () => Number((await withDb((db) => db.query<{ id: string }>(`select id from mission where internal_reference = 'ARG-2026-DEMO'`))).rows[0]!.id);
const sharedMission = async () => Number((await withDb((db) => db.query<{ mission_id: string }>(`select min(mission_id) as mission_id from mission_share`))).rows[0]!.mission_id);

/**
 * Makes every table row wider than any screen, as a long unbreakable name would: the seeded rows
 * may happen to fit, and the actions must stay in reach when they do not.
 */
const widenRows = (page: Page) => page.addStyleTag({ content: 'tbody tr > :first-child::before { content: ""; display: block; width: 2000px; height: 0; }' });

/**
 * A row's action is in reach: wholly on screen without scrolling its table sideways (the row is
 * scrolled to the middle of the screen, its table left where it starts) and not covered.
 */
async function inReach(action: Locator) {
  await expect(action).toBeVisible();
  await action.evaluate((el) => el.closest('tr')!.scrollIntoView({ block: 'center', inline: 'nearest' }));
  await expect(action).toBeInViewport({ ratio: 1 });
  const hit = await action.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
  });
  expect(hit, 'the action is not covered').toBe(true);
}

/**
 * The pages whose tables have row actions (issue 20 item 2), each opened by someone who may use
 * them; they answer the last action of a row of each table (the one a wide row pushes furthest).
 */
const ACTION_TABLES: [string, (page: Page) => Promise<Locator[]>][] = [
  ['the blurring queue', async (page) => {
    const demo = await demoMission();
    await signInOverHttp(page, 'operator@example.com');
    await page.goto('/blurring');
    return [page.getByTestId(`blurring-mission-${demo}`).getByRole('link', { name: 'Check' })];
  }],
  ['the storage page', async (page) => {
    await signInOverHttp(page, 'admin@example.com');
    await page.goto('/storage');
    return [page.getByRole('table').first().getByRole('button', { name: 'Restore' }).first()];
  }],
  ["the mission detail's tours and StoSim projects", async (page) => {
    const demo = await demoMission();
    await signInOverHttp(page, 'admin@example.com');
    await page.goto(`/mission/${demo}`);
    // Both sections load once they come near the screen.
    for (const section of ['#tours', '#stosim']) await page.locator(section).scrollIntoViewIfNeeded();
    return [
      page.getByTestId('tours').getByRole('table').getByRole('button', { name: 'Delete' }).first(),
      page.getByTestId('stosim').getByRole('table').getByRole('button', { name: 'Delete' }).first(),
    ];
  }],
  ["the mission detail's shares", async (page) => {
    const shared = await sharedMission();
    await signInOverHttp(page, 'admin@example.com');
    await page.goto(`/mission/${shared}`);
    return [page.locator('#shares').getByRole('button', { name: /^Revoke: / }).first()];
  }],
];

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

  test("the drawer marks the current page's entry and closes when it is tapped, also with filters in the address", async ({ page }) => {
    await signInOverHttp(page, 'customer@example.com');
    await page.goto('/mission-list?sort=name');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu.getByRole('link', { name: 'Missions', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: 'Mission planner' })).not.toHaveAttribute('aria-current');
    await menu.getByRole('link', { name: 'Missions', exact: true }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL((url) => url.pathname === '/mission-list');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    // The backdrop still closes it, though the page behind is inert while it is open.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await page.mouse.click(360, 600);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('main')).not.toHaveAttribute('inert');
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

  for (const [name, open] of ACTION_TABLES) {
    test(`${name}: the tables scroll sideways, not the page, and keep their actions in reach`, async ({ page }) => {
      const actions = await open(page);
      await widenRows(page);
      for (const action of actions) await inReach(action);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    });
  }

  test('the panelizer exports pop-over stays on screen, also when the screen changes, and Escape closes it', async ({ page }) => {
    await signInOverHttp(page, 'manager@example.com');
    await page.goto(`/mission/${await demoMission()}/panelizer`);
    await page.getByRole('list', { name: 'Projects' }).getByRole('link').first().click();
    const exports = page.getByTestId('panelizer-toolbar-exports');
    const summary = exports.locator('summary');
    const panel = exports.locator('[data-popover-panel]');
    await summary.click();
    await expect(panel).toBeVisible();
    const onScreen = async (width: number, height: number) => {
      const box = (await panel.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y + box.height).toBeLessThanOrEqual(height);
    };
    await onScreen(375, 812);
    // A smaller phone (or a resized window): the open pop-over is fitted again, 8 px from the edge.
    await page.setViewportSize({ width: 320, height: 568 });
    await expect.poll(async () => {
      const box = (await panel.boundingBox())!;
      return box.x + box.width;
    }).toBeLessThanOrEqual(320 - 8 + 0.5);
    await onScreen(320, 568);

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(summary).toBeFocused();
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

  test("the sidebar marks the current page's entry for assistive technology", async ({ page }) => {
    await signInOverHttp(page, 'customer@example.com');
    await page.goto('/profile');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.locator('[aria-current]')).toHaveCount(1);
    await menu.getByRole('link', { name: 'Missions', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/mission-list');
    await expect(menu.getByRole('link', { name: 'Missions', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(menu.locator('[aria-current]')).toHaveCount(1);
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

  for (const [name, open] of ACTION_TABLES) {
    test(`${name} keeps every row's actions on screen`, async ({ page }) => {
      const actions = await open(page);
      await widenRows(page);
      for (const action of actions) await inReach(action);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    });
  }
});
