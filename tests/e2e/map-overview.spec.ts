import { expect, test, type Page, type Response } from '@playwright/test';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';

/*
 * spec §2 /map-overview, §6: customer@ (customer 6) sees the missions on the map, clustered by
 * the server, with a popup that leads to the mission and a status filter kept in the URL;
 * customer2@ (customer 7) gets the not-found page and a 403 from the API. The WebGL canvas
 * cannot be read, so the checks use the API answers the page receives, the HTML markers and the
 * data attributes of the map container. A small viewport keeps SwiftShader quick.
 */

test.use({ locale: 'en-US', viewport: { width: 900, height: 700 } });

interface MapAnswer {
  total: number;
  clusters: { count: number }[];
  missions: { id: number; name: string; status: string }[];
}

const isMapCall = (r: Response) => r.url().includes('/api/v2/map/missions') && r.request().method() === 'GET';

const container = (page: Page) => page.getByTestId('map-overview');

/** The markers on screen: every cluster and mission of the last answer. */
const markerCount = (page: Page) => page.locator('[data-cluster-count], [data-mission-id]').count();

test('customer@ sees clustered missions, opens one from its popup and filters by status', async ({ page }) => {
  test.setTimeout(120_000);
  page.on('console', (m) => {
    if (m.type() === 'error') console.log(`[browser] ${m.text()}`);
  });
  await signInOverHttp(page, 'customer@example.com');
  const first = page.waitForResponse(isMapCall, { timeout: 30_000 });
  await page.goto('/map-overview');
  await expect(page).toHaveTitle('Argus | Map');
  const answer = (await (await first).json()) as MapAnswer;
  expect(answer.total).toBeGreaterThan(0);
  expect(answer.clusters.reduce((sum, c) => sum + c.count, 0) + answer.missions.length).toBe(answer.total);

  const map = container(page);
  await expect(map).toHaveAttribute('data-clusters-rendered', 'true', { timeout: 30_000 });
  await expect(map.locator('[data-map-ready]')).toHaveAttribute('data-map-ready', 'true');
  const features = answer.clusters.length + answer.missions.length;
  await expect(map).toHaveAttribute('data-feature-count', String(features));
  await expect(map).toHaveAttribute('data-total', String(answer.total));
  expect(await markerCount(page)).toBe(features);
  expect(await page.evaluate(() => performance.getEntriesByName('map:clusters-rendered').length)).toBe(1);
  await expect(page.getByTestId('map-legend')).toContainText('Delivered');

  // Zoom into clusters until single missions show, then open one's popup and follow its link.
  for (let i = 0; i < 6 && (await page.locator('[data-mission-id]').count()) === 0; i++) {
    const next = page.waitForResponse(isMapCall, { timeout: 15_000 });
    // Bubbles may overlap at a low zoom; the click goes to the element itself, not whatever lies on top.
    await page.locator('[data-cluster-count]').first().dispatchEvent('click');
    const zoomed = (await (await next).json()) as MapAnswer;
    // The loop's condition reads the markers: wait until they are the new answer's, not the last one's.
    await expect(page.locator('[data-mission-id]')).toHaveCount(zoomed.missions.length);
    await expect(page.locator('[data-cluster-count]')).toHaveCount(zoomed.clusters.length);
  }
  const marker = page.locator('[data-mission-id]').last();
  const id = await marker.getAttribute('data-mission-id');
  await marker.click();
  const link = page.getByTestId('map-popup').getByRole('link');
  await expect(link).toHaveAttribute('href', `/mission/${id}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/mission/${id}$`));
  await expect(page).toHaveTitle(`Argus | Mission ${id}`);

  // A status that some but not all missions have: ticking it narrows the map and lands in the URL.
  const germany = 'bbox=5,47,16,55.5&zoom=6';
  const all = (await (await page.request.get(`/api/v2/map/missions?${germany}`)).json()) as MapAnswer;
  let status = '';
  let expected = 0;
  for (const s of ['created', 'in_progress', 'uploaded', 'delivered']) {
    const part = (await (await page.request.get(`/api/v2/map/missions?${germany}&status=${s}`)).json()) as MapAnswer;
    if (part.total > 0 && part.total < all.total) [status, expected] = [s, part.total];
  }
  expect(status).not.toBe('');
  await page.goto('/map-overview');
  await expect(container(page)).toHaveAttribute('data-total', String(all.total), { timeout: 30_000 });
  const label = { created: 'Created', in_progress: 'In progress', uploaded: 'Scans uploaded', delivered: 'Delivered' }[status]!;
  const filtered = page.waitForResponse((r) => isMapCall(r) && r.url().includes(`status=${status}`));
  await page.getByRole('checkbox', { name: label, exact: true }).check();
  const narrowed = (await (await filtered).json()) as MapAnswer;
  await expect(container(page)).toHaveAttribute('data-total', String(narrowed.total));
  expect(narrowed.total).toBe(expected);
  expect(narrowed.total).toBeLessThan(all.total);
  await expect(page).toHaveURL(new RegExp(`/map-overview\\?status=${status}$`));

  // The URL restores the filter.
  const reloaded = page.waitForResponse((r) => isMapCall(r) && r.url().includes(`status=${status}`));
  await page.reload();
  await reloaded;
  await expect(page.getByRole('checkbox', { name: label, exact: true })).toBeChecked();
});

test('customer2@ finds the map not found and its API refused', async ({ page }) => {
  await signInOverHttp(page, 'customer2@example.com');
  await page.goto('/map-overview');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page).toHaveTitle('Argus | Page not found');
  const res = await page.request.get('/api/v2/map/missions?bbox=5,47,16,55.5&zoom=6');
  expect(res.status()).toBe(403);
  expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_authorized');
});

// Issue 20 item 3: the bundled base map shows land, water, borders and place names with no network
// beyond the app; the screenshot's pixels stand in for the WebGL canvas, which cannot be read.
test('the base map draws land, water, borders and place names from the app alone, and places can be found', async ({ page }) => {
  test.setTimeout(120_000);
  const elsewhere: string[] = [];
  await page.route((url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1', (route) => {
    elsewhere.push(route.request().url());
    return route.abort();
  });
  const basemap = ['land', 'lakes', 'borders', 'places'].map((name) => page.waitForResponse((r) => r.url().endsWith(`/map/basemap/${name}.json`) && r.status() === 200));
  const glyphs = page.waitForResponse((r) => /\/map\/fonts\/Noto%20Sans%20Regular\/0-255\.pbf$/.test(r.url()) && r.status() === 200);
  await signInOverHttp(page, 'customer@example.com');
  await page.goto('/map-overview');
  await Promise.all([...basemap, glyphs]);
  await expect(container(page).locator('[data-map-ready="true"]')).toBeVisible({ timeout: 60_000 });
  // Germany at zoom 5: mostly land, with some of the North Sea. A map without a base map is one colour.
  const share = await colourShares(page);
  expect(share.land).toBeGreaterThan(0.3);
  expect(share.water).toBeGreaterThan(0.01);
  expect(elsewhere).toEqual([]);

  // Folded over the map; the test stack has a geocoder, so the address search is offered.
  await page.getByText('Find a place').click();
  await expect(page.getByLabel('Search address')).toBeVisible();
  const goTo = page.getByRole('form', { name: 'Go to coordinates' });
  await expect(goTo).toBeVisible();
  // The middle of Lake Constance: water, though Natural Earth's land runs through it.
  await goTo.getByLabel('Latitude').fill('47.6');
  await goTo.getByLabel('Longitude').fill('9.4');
  await goTo.getByRole('button', { name: 'Go to coordinates' }).click();
  await expect.poll(async () => (await colourShares(page)).water, { timeout: 30_000 }).toBeGreaterThan(0.5);
  expect(elsewhere).toEqual([]);
});

/** How much of the map's screenshot is the base map's land and water colours (0 to 1 each). */
async function colourShares(page: Page): Promise<{ land: number; water: number }> {
  const map = (await container(page).boundingBox())!;
  const png = (await page.screenshot({ clip: map })).toString('base64');
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = Object.assign(document.createElement('canvas'), { width: image.width, height: image.height });
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const { data: px } = context.getImageData(0, 0, image.width, image.height);
    const near = (i: number, rgb: number[]) => rgb.every((c, k) => Math.abs(px[i + k]! - c) <= 6);
    let land = 0;
    let water = 0;
    for (let i = 0; i < px.length; i += 4) {
      if (near(i, [0xf3, 0xf1, 0xec])) land++;
      else if (near(i, [0xc9, 0xdc, 0xec])) water++;
    }
    const all = px.length / 4;
    return { land: land / all, water: water / all };
  }, png);
}
