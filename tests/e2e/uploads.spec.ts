import { expect, test, type Page } from '@playwright/test';
import { lasFile } from '@/tests/support/las-fixture';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';
import { withDb } from './support/db';

// Issue 14 point 1 in the browser: the operator uploads a LAS scan in the mission detail through
// our tus client; the dataset it creates is listed in "scans". Users without the capability see
// no upload control. Each test uses its own file name (tests run in parallel on one database).
test.use({ locale: 'en-US', timezoneId: 'Europe/Berlin' });

/** A mission the operator may upload to: of the provider (their company) or assigned to them. */
async function operatorMission(): Promise<number> {
  const rows = await withDb((db) =>
    db.query<{ id: string }>(
      `select m.id from mission m join app_user u on lower(u.email) = 'operator@example.com'
        where m.company_id = u.company_id or m.assignee_id = u.identity_id order by m.id limit 1`,
    ),
  );
  expect(rows.rows[0], 'a mission of the operator').toBeDefined();
  return Number(rows.rows[0]!.id);
}

const datasetOf = async (filename: string) =>
  (await withDb((db) => db.query<{ dataset_id: string; storage_key: string | null }>('select dataset_id, storage_key from dataset where filename = $1', [filename]))).rows[0];

const scanPanel = (page: Page) => page.getByTestId('scan-upload');

test('operator@ uploads a LAS scan in the mission detail and sees its dataset in "scans"', async ({ page }, info) => {
  const missionId = await operatorMission();
  const filename = `e2e-${info.workerIndex}-${Date.now()}.las`;
  await signInOverHttp(page, 'operator@example.com');
  await page.goto(`/mission/${missionId}`);
  const panel = scanPanel(page);
  await expect(panel).toBeVisible();
  await panel.getByLabel('Dataset type').selectOption('indoor');
  await panel.locator('input[type="file"]').setInputFiles({ name: filename, mimeType: 'application/octet-stream', buffer: lasFile(5_000) });
  await expect(panel.getByText('1 file selected')).toBeVisible();
  await panel.getByRole('button', { name: 'Upload', exact: true }).click();

  // The finished upload: its dataset exists with the file's name, and the page lists it.
  await expect.poll(async () => (await datasetOf(filename))?.storage_key ?? null, { timeout: 20_000 }).toContain(filename);
  const dataset = (await datasetOf(filename))!;
  const row = page.getByTestId('scans').getByRole('row').filter({ hasText: dataset.dataset_id });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Indoor');
  // The control is usable again once the file went through.
  await expect(panel.getByText('Uploading')).toBeHidden();
});

test('customer@ sees no upload control on their own mission; the endpoint refuses them', async ({ page }) => {
  const rows = await withDb((db) =>
    db.query<{ id: string }>(`select m.id from mission m join customer c on c.id = m.customer_id where c.customer_number = 6 order by m.id limit 1`),
  );
  const missionId = Number(rows.rows[0]!.id);
  await signInOverHttp(page, 'customer@example.com');
  await page.goto(`/mission/${missionId}`);
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(scanPanel(page)).toHaveCount(0);
  await expect(page.getByTestId('cad-upload')).toHaveCount(0);
  const res = await page.request.post('/api/v2/uploads', {
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '1000', 'Upload-Metadata': `missionId ${Buffer.from(String(missionId)).toString('base64')},filename ${Buffer.from('a.las').toString('base64')},purpose ${Buffer.from('scan').toString('base64')}` },
  });
  expect(res.status()).toBe(403);
  expect(((await res.json()) as { error: { message: string } }).error.message).toBe('not authorized to access mission id');
});
