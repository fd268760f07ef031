import { expect, test, type Page } from '@playwright/test';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';
import { withDb } from './support/db';

// spec §2 /pipeline and the mission detail's "scans" (issue 14 points 5 and 6), against the demo
// seed plus datasets this spec inserts for itself (named after the worker, removed afterwards).
test.use({ locale: 'en-US', timezoneId: 'Europe/Berlin' });

interface Seeded {
  missionId: number;
  missionName: string;
  failed: string;
  processing: string;
}

/** Two datasets of a seeded mission: one that failed (a truncated file) and one being converted. */
async function seedFailedAndProcessing(worker: number): Promise<Seeded> {
  const tag = `E2E-PIPE-${worker}-${Date.now()}`;
  return withDb(async (db) => {
    const { rows } = await db.query<{ id: string; name: string }>('select id, name from mission where not closed order by id limit 1');
    const mission = rows[0]!;
    await db.query(
      `insert into dataset (mission_id, dataset_id, type, status, progress, filename, storage_key, size_bytes, error_key, last_seen_at, updated_at)
       values ($1, $2, 'indoor', 'error', 35, 'kaputt.laz', $4, 2048, 'errors.pointcloud.truncated', now(), now()),
              ($1, $3, 'outdoor', 'processing', 55, 'fassade.laz', $5, 5000000, null, now(), now())`,
      [mission.id, `${tag}-FAILED`, `${tag}-RUNNING`, `uploads/e2e/${tag}/kaputt.laz`, `uploads/e2e/${tag}/fassade.laz`],
    );
    return { missionId: Number(mission.id), missionName: mission.name, failed: `${tag}-FAILED`, processing: `${tag}-RUNNING` };
  });
}

const removeSeeded = (s: Seeded) => withDb((db) => db.query('delete from dataset where dataset_id = any($1)', [[s.failed, s.processing]]));

const pipelineRow = (page: Page, datasetId: string) => page.getByTestId('pipeline').getByRole('row', { name: new RegExp(datasetId) });

test('admin@ sees a failed and a running scan on /pipeline, filters by status, and finds them in the mission\'s scans', async ({ page }, info) => {
  const seeded = await seedFailedAndProcessing(info.workerIndex);
  try {
    await signInOverHttp(page, 'admin@example.com');
    await page.goto('/pipeline');
    await expect(page).toHaveTitle('Argus | Pipeline');
    await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();

    const failed = pipelineRow(page, seeded.failed);
    await expect(failed).toBeVisible();
    await expect(failed.getByRole('link', { name: `${seeded.missionId} · ${seeded.missionName}` })).toHaveAttribute('href', `/mission/${seeded.missionId}`);
    await expect(failed).toContainText('kaputt.laz');
    await expect(failed).toContainText('The file is truncated: it ends before all its points were read.');
    await expect(failed.getByRole('progressbar')).toHaveAttribute('data-color', 'red');
    await expect(failed.getByRole('button', { name: `Restart: ${seeded.failed}` })).toBeVisible();
    await expect(pipelineRow(page, seeded.processing).getByRole('button', { name: `Cancel: ${seeded.processing}` })).toBeVisible();

    // Filter by status: only failed scans; the address keeps the filter.
    const filters = page.getByRole('search', { name: 'Filters' });
    await filters.getByRole('checkbox', { name: 'Error', exact: true }).check();
    await expect(page).toHaveURL(/[?&]status=error/);
    await expect(pipelineRow(page, seeded.failed)).toBeVisible();
    await expect(pipelineRow(page, seeded.processing)).toHaveCount(0);
    await expect(page.getByTestId('pipeline').locator('tbody tr')).not.toHaveCount(0);
    for (const status of await page.getByTestId('pipeline').locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')))) {
      expect(status).toBe('error');
    }
    // The filtered address opens filtered.
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Error', exact: true })).toBeChecked();
    await expect(pipelineRow(page, seeded.processing)).toHaveCount(0);

    // Live: a change in the database shows without a reload.
    await withDb((db) => db.query("update dataset set error_key = 'errors.pointcloud.noPoints', updated_at = now() where dataset_id = $1", [seeded.failed]));
    await expect(pipelineRow(page, seeded.failed)).toContainText('The file contains no points.');

    await pipelineRow(page, seeded.failed).getByRole('link', { name: `${seeded.missionId} · ${seeded.missionName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/mission/${seeded.missionId}$`));
    const scans = page.getByTestId('scans');
    const row = scans.getByRole('row', { name: new RegExp(seeded.processing) });
    await expect(row).toContainText('fassade.laz');
    await expect(row).toContainText('Processing');
    await expect(row).toContainText('5 MB');
    await expect(scans.getByRole('row', { name: new RegExp(seeded.failed) })).toContainText('The file contains no points.');
  } finally {
    await removeSeeded(seeded);
  }
});

test('the pipeline works at 375 px: the row actions stay reachable', async ({ page }, info) => {
  const seeded = await seedFailedAndProcessing(info.workerIndex);
  try {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInOverHttp(page, 'admin@example.com');
    await page.goto(`/pipeline?mission=${seeded.missionId}`);
    const restart = pipelineRow(page, seeded.failed).getByRole('button', { name: `Restart: ${seeded.failed}` });
    await expect(restart).toBeVisible();
    const box = await restart.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  } finally {
    await removeSeeded(seeded);
  }
});

test('a customer has no pipeline: the page is not found and the API refuses', async ({ page }) => {
  await signInOverHttp(page, 'customer@example.com');
  const res = await page.goto('/pipeline');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Pipeline' })).toHaveCount(0);
  const api = await page.request.get('/api/v2/datasets');
  expect(api.status()).toBe(403);
});
