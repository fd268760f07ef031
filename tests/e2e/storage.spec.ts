import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { readNotice } from '../support/e2e/personal-notice';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';
import { withDb } from './support/db';

// Issue 15: a mission's file is synced to the cloud on /storage, lost on the local disk,
// restored from the cloud and downloaded intact; then the cloud copy is removed after a confirmation.
test.use({ locale: 'en-US', timezoneId: 'Europe/Berlin', viewport: { width: 1400, height: 900 } });
test.describe.configure({ mode: 'serial' });

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function storageDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set; run end-to-end tests through `npm test`.');
  return join(dir, 'storage');
}

/**
 * A mission of its own for each attempt (a retry must not meet the first attempt's synced copy),
 * created as staff would, with a CAD file stored as an upload would be.
 */
async function missionWithFile(page: Page): Promise<{ id: number; name: string; fileId: number; key: string; bytes: Buffer }> {
  const bytes = randomBytes(300_000);
  const companyId = await withDb(async (db) => Number((await db.query(`select id from company where name = 'Neckar Architekten PartG mbB'`)).rows[0].id));
  const footprint = { type: 'Polygon', coordinates: [[[9.18, 48.78], [9.1802, 48.78], [9.1802, 48.7801], [9.18, 48.7801], [9.18, 48.78]]] };
  const name = `Speicher ${test.info().workerIndex}-${test.info().retry}-${Date.now()}`;
  const created = await page.request.post('/api/v2/missions', { data: { name, companyId, products: ['pointcloud'], buildings: [{ name: 'Atelier', footprint, levels: 1 }] } });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: number }).id;
  const key = `missions/${id}/uploads/e2e-storage/grundriss.dwg`;
  const path = join(storageDir(), 'objects', ...key.split('/'));
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, bytes);
  const fileId = await withDb(async (db) => {
    const file = await db.query<{ id: string }>(
      "insert into mission_file (mission_id, kind, filename, storage_key, size_bytes, sha256, content_type) values ($1, 'cad', 'grundriss.dwg', $2, $3, $4, 'application/acad') returning id",
      [id, key, bytes.length, sha(bytes)],
    );
    return Number(file.rows[0]!.id);
  });
  return { id, name, fileId, key, bytes };
}

test('sync a mission on /storage, lose a local file, restore it from the cloud and download it intact; unsync after a confirmation', async ({ page }) => {
  test.setTimeout(180_000);
  await signInOverHttp(page, 'admin@example.com');
  const m = await missionWithFile(page);
  await page.goto('/storage');
  await expect(page).toHaveTitle('Argus | Storage');
  await expect(page.getByTestId('storage-totals')).toContainText('Free local disk:');
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(m.name);
  const row = page.getByTestId(`storage-mission-${m.id}`);
  await expect(row.getByTestId('storage-state')).toHaveAttribute('data-state', 'notSynced');

  await row.getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(row.getByRole('status')).toHaveText(`Sync of mission ${m.id} started.`);
  await expect(row.getByTestId('storage-state')).toHaveAttribute('data-state', 'synced', { timeout: 60_000 });
  await expect(row.getByTestId('storage-state')).toHaveText(/Synced/);
  await row.getByRole('button', { name: `Show files of ${m.name}` }).click();
  const file = row.getByTestId('storage-file').filter({ hasText: 'uploads/e2e-storage/grundriss.dwg' });
  await expect(file).toContainText('present');
  await expect(file).toContainText('verified');

  // The local copy is lost; restore brings it back from the cloud, verified.
  await rm(join(storageDir(), 'objects', ...m.key.split('/')));
  await row.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(row.getByRole('status')).toHaveText(`Restore of mission ${m.id} started.`);
  // The row said "Synced" before the click too, so only the file itself tells that the restore is done.
  const downloaded = async () => {
    const download = await page.request.get(`/api/v2/missions/${m.id}/files/${m.fileId}`);
    return download.ok() ? sha(await download.body()) : download.status();
  };
  await expect.poll(downloaded, { timeout: 60_000 }).toBe(sha(m.bytes));
  await expect(row.getByTestId('storage-state')).toHaveAttribute('data-state', 'synced', { timeout: 60_000 });
  await expect(file).toContainText('present');

  // Unsync names what it deletes before it deletes it.
  await row.getByRole('button', { name: 'Unsync', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Unsync mission ${m.id}?` });
  await expect(dialog).toContainText(`The cloud copies of 1 file (300 kB) of mission "${m.name}" will be deleted.`);
  await dialog.getByRole('button', { name: 'Delete cloud copy' }).click();
  await expect(row.getByTestId('storage-state')).toHaveAttribute('data-state', 'unsynced', { timeout: 60_000 });
  await expect(file).not.toContainText('verified');

  // Each operation told its starter when it was done.
  const named = `${m.id} (${m.name})`;
  await readNotice(page, `Mission ${named} is synchronised with the cloud.`);
  await readNotice(page, `The files of mission ${named} were restored from the cloud.`);
  await readNotice(page, `The cloud copy of mission ${named} was removed.`);
});

test('storage is not a page for customers', async ({ page }) => {
  await signInOverHttp(page, 'customer@example.com');
  await page.goto('/storage');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const api = await page.request.get('/api/v2/storage');
  expect(api.status()).toBe(403);
});
