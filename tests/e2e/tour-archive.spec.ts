import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { strToU8, unzipSync, zipSync } from 'fflate';
import sharp from 'sharp';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';
import { demoTour } from './support/missions';

// Issue 17 points 5 and 7 in the browser: the demo tour exported from the mission page, unpacked
// and served by a plain static server (no Argus, no network) draws its first panorama; the same
// zip uploaded on the mission page becomes a new, unpublished tour.
test.use({ locale: 'en-US', timezoneId: 'Europe/Berlin' });

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.jpg': 'image/jpeg' };

/** The smallest static host: files of `root`, nothing else. */
async function serveStatic(root: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const file = path.join(root, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(root)) return void res.writeHead(403).end();
    readFile(file).then(
      (bytes) => res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(bytes),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** How many distinct colours the panorama area shows: an empty viewer shows its background only. */
async function sphereColours(page: Page): Promise<number> {
  const png = await page.locator('.psv-container').screenshot();
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const colours = new Set<number>();
  for (let i = 0; i < data.length; i += info.channels) colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
  return colours.size;
}

test('customer@ exports the demo tour; unpacked on a static host it shows the first panorama offline; uploaded again it is a new tour', async ({ page, browser }) => {
  test.setTimeout(600_000);
  const { missionId, name } = await demoTour();
  await signInOverHttp(page, 'customer@example.com');
  await page.goto(`/mission/${missionId}#tours`);
  const row = page.getByTestId('tours').getByRole('row').filter({ hasText: name });
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${name}.zip`);
  const zip = await readFile((await download.path())!);

  const dir = await mkdtemp(path.join(tmpdir(), 'argus-tour-export-'));
  const files = unzipSync(new Uint8Array(zip));
  for (const [name, bytes] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), bytes);
  }
  const { url, server } = await serveStatic(dir);
  // A fresh context: no session, no Argus, and every request outside the static host is refused.
  const offline = await browser.newContext();
  const outside: string[] = [];
  await offline.route(/^(?!http:\/\/127\.0\.0\.1:)/, (route) => {
    outside.push(route.request().url());
    return route.abort();
  });
  let imported: number | null = null;
  try {
    const viewer = await offline.newPage();
    await viewer.goto(`${url}/index.html`);
    await expect(viewer).toHaveTitle(name);
    await expect(viewer.locator('html')).toHaveAttribute('data-tour-ready', 'true', { timeout: 60_000 });
    await expect.poll(() => sphereColours(viewer), { timeout: 30_000 }).toBeGreaterThan(50);
    expect(outside).toEqual([]);

    // The same archive, renamed in its manifest, uploaded on the mission page.
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as { name: string };
    files['manifest.json'] = strToU8(JSON.stringify({ ...manifest, name: 'Rundgang aus dem Archiv' }));
    await page.getByTestId('tours').locator('input[type="file"]').setInputFiles({ name: 'rundgang.zip', mimeType: 'application/zip', buffer: Buffer.from(zipSync(files)) });
    await page.getByTestId('tours').getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByText('The tour "Rundgang aus dem Archiv" was uploaded. It is not published.')).toBeVisible({ timeout: 60_000 });
    const added = page.getByTestId('tours').getByRole('row').filter({ hasText: 'Rundgang aus dem Archiv' });
    await expect(added.getByTestId('tour-status')).toHaveText('Not published');
    imported = Number((await added.getAttribute('data-testid'))!.replace('tour-', ''));
  } finally {
    await offline.close();
    server.close();
    await rm(dir, { recursive: true, force: true });
    if (imported) {
      const version = (await (await page.request.get(`/api/v2/tours/${imported}`)).json()) as { tour: { version: number } };
      await page.request.delete(`/api/v2/tours/${imported}?version=${version.tour.version}`);
    }
  }
});

test('the exported tour also opens from disk (file://)', async ({ page, browser }) => {
  test.setTimeout(600_000);
  const { tourId, name } = await demoTour();
  await signInOverHttp(page, 'customer@example.com');
  const res = await page.request.get(`/api/v2/tours/${tourId}/export`);
  expect(res.status()).toBe(200);
  const dir = await mkdtemp(path.join(tmpdir(), 'argus-tour-disk-'));
  for (const [file, bytes] of Object.entries(unzipSync(new Uint8Array(await res.body())))) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), bytes);
  }
  const fromDisk = await browser.newContext();
  try {
    const viewer = await fromDisk.newPage();
    await viewer.goto(pathToFileURL(path.join(dir, 'index.html')).href);
    await expect(viewer).toHaveTitle(name);
    await expect(viewer.locator('html')).toHaveAttribute('data-tour-ready', 'true', { timeout: 60_000 });
    await expect.poll(() => sphereColours(viewer), { timeout: 30_000 }).toBeGreaterThan(50);
  } finally {
    await fromDisk.close();
    await rm(dir, { recursive: true, force: true });
  }
});
