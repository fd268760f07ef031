import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';

/*
 * spec §2 mission lists: each list with a filter and a sort, whose URL reproduces the same rows
 * after a reload (a shareable deep link); the missions table's presets; /assigned; and the
 * project list's "Export All" → 'Export in progress' → a CSV of exactly the filtered missions.
 * Expected rows come from the API with the same query, as the same user.
 */

test.use({ locale: 'en-US' });

interface ApiPage {
  items: { id: number; assigneeId?: string | null }[];
  nextCursor: string | null;
}

const rowIds = (page: Page) => page.locator('tbody tr').evaluateAll((rows) => rows.map((r) => Number((r as HTMLElement).dataset.missionId)));

/** Every mission of a list query through the API (all pages), in order. */
async function apiIds(page: Page, query: string): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const res = await page.request.get(`/api/v2/missions?${query}&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as ApiPage;
    ids.push(...body.items.map((i) => i.id));
    cursor = body.nextCursor;
  } while (cursor);
  return ids;
}

/** The list's query as the page's own URL holds it (without the table's columns). */
const listQuery = (page: Page) => {
  const params = new URL(page.url()).searchParams;
  params.delete('columns');
  return params.toString();
};

/** Ticks one value of a filter (a disclosure with checkboxes). */
async function tick(page: Page, filter: string, value: string) {
  await page.locator('summary', { hasText: `${filter}:` }).click();
  await page.getByRole('group', { name: filter }).getByRole('checkbox', { name: value, exact: true }).check();
}

/** The text of a column in the first row. */
async function firstRowCell(page: Page, header: string): Promise<string> {
  const names = await headers(page);
  const index = names.indexOf(header);
  expect(index, `column ${header} in ${names.join(', ')}`).toBeGreaterThanOrEqual(0);
  return (await page.locator('tbody tr').first().locator('td').nth(index).innerText()).trim();
}

const headers = async (page: Page) => (await page.locator('thead th').allInnerTexts()).map((h) => h.replace(/[▲▼]/g, '').trim());

/**
 * Applies a filter (the first row's value of a column) and a sort, checks the rows against the
 * API, and that a reload of the URL shows the same rows. Each change is a navigation: wait for
 * it before the next, as a user waits for the list to update.
 */
async function filterSortReload(page: Page, filter: { name: string; column: string; param: string }, sort: { label: string; key: string }, fixed = '') {
  const value = await firstRowCell(page, filter.column);
  await tick(page, filter.name, value);
  await page.waitForURL(new RegExp(`[?&]${filter.param}=`));
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: sort.label });
  await page.waitForURL(new RegExp(`[?&]sort=${sort.key}(&|$)`));
  await page.getByRole('combobox', { name: 'Order' }).selectOption({ label: 'Ascending' });
  await page.waitForURL(/[?&]order=asc(&|$)/);
  expect(listQuery(page)).toContain(`${filter.param}=`);
  const expected = (await apiIds(page, [listQuery(page), fixed].filter(Boolean).join('&'))).slice(0, 50);
  expect(expected.length).toBeGreaterThan(0);
  await expect.poll(() => rowIds(page)).toEqual(expected);

  await page.reload();
  await expect.poll(() => rowIds(page)).toEqual(expected);
  const summary = page.locator('summary', { hasText: `${filter.name}: 1 selected` });
  await summary.click();
  await expect(page.getByRole('group', { name: filter.name }).getByRole('checkbox', { name: value, exact: true })).toBeChecked();
  await summary.click();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue(sort.key);
  await expect(page.getByRole('combobox', { name: 'Order' })).toHaveValue('asc');
  // Each row leads to its detail page carrying the list order for next/previous.
  const href = await page.locator('tbody tr').first().getByRole('link').first().getAttribute('href');
  const from = new URLSearchParams(new URL(href!, 'http://x').searchParams.get('from')!);
  for (const [key, value] of new URLSearchParams(fixed)) {
    expect(from.get(key)).toBe(value);
    from.delete(key);
  }
  expect(from.toString()).toBe(new URLSearchParams(listQuery(page)).toString());
  return expected;
}

test('/mission-list: a customer filters by status, sorts by name, and the deep link shows the same rows', async ({ page }) => {
  await signInOverHttp(page, 'customer@example.com');
  await page.goto('/mission-list');
  await expect(page).toHaveTitle('Argus | Missions');
  await expect(page.getByRole('heading', { level: 1, name: 'Missions' })).toBeVisible();
  await filterSortReload(page, { name: 'Status', column: 'Status', param: 'status' }, { label: 'Name', key: 'name' });

  // A filter nothing matches shows the empty state.
  await page.goto('/mission-list?q=no-such-mission-anywhere');
  await expect(page.getByText('No missions found')).toBeVisible();
});

test('/mission-list-beta: all rows load page by page, and a saved table preset is applied', async ({ page }) => {
  await signInOverHttp(page, 'admin@example.com');
  await page.goto('/mission-list-beta');
  await expect(page).toHaveTitle('Argus | Missions table');
  const all = await apiIds(page, '');
  expect(all.length).toBeGreaterThan(50);
  await expect.poll(() => rowIds(page)).toEqual(all.slice(0, 50));
  // Infinite loading: scrolling to the end of the list brings the next page (the button is the fallback).
  await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
  await expect.poll(() => rowIds(page)).toEqual(all);
  await expect(page.getByText('All missions are shown.')).toBeVisible();

  await filterSortReload(page, { name: 'Priority', column: 'Priority', param: 'priority' }, { label: 'ID', key: 'id' });

  // Choose columns: add the pipeline status, drop the company; save them as a preset.
  await page.locator('summary', { hasText: /^Columns$/ }).click();
  const columns = page.getByRole('group', { name: 'Columns' });
  await columns.getByRole('checkbox', { name: 'Pipeline status' }).check();
  await columns.getByRole('checkbox', { name: 'Company', exact: true }).uncheck();
  await expect(page.locator('thead th', { hasText: 'Pipeline status' })).toBeVisible();
  await expect(page.locator('thead th', { hasText: /^Company$/ })).toHaveCount(0);
  const chosen = await headers(page);
  const name = `E2E preset ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Preset name' }).fill(name);
  await page.getByRole('button', { name: 'Save as preset' }).click();
  await expect(page.getByText(`Preset ${name} saved.`)).toBeVisible();
  // The columns are part of the address too.
  await page.reload();
  await expect.poll(() => headers(page)).toEqual(chosen);

  // A fresh table has the default columns; applying the preset brings the chosen ones.
  await page.goto('/mission-list-beta');
  await expect(page.locator('thead th', { hasText: /^Company$/ })).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Table presets' }).selectOption({ label: name });
  await expect.poll(() => headers(page)).toEqual(chosen);
});

test('/assigned: the operator sees the missions assigned to them, filtered and sorted by the URL', async ({ page }) => {
  await signInOverHttp(page, 'operator@example.com');
  await page.goto('/assigned');
  await expect(page).toHaveTitle('Argus | Assigned to me');
  const me = (await (await page.request.get('/api/v2/me')).json()) as { identityId: string };
  const assigned = (await (await page.request.get('/api/v2/missions?assignedTo=me&limit=200')).json()) as ApiPage;
  expect(assigned.items.length).toBeGreaterThan(0);
  for (const item of assigned.items) expect(item.assigneeId).toBe(me.identityId);
  await expect.poll(() => rowIds(page)).toEqual(assigned.items.slice(0, 50).map((i) => i.id));

  const rows = await filterSortReload(page, { name: 'Step', column: 'Step', param: 'step' }, { label: 'Scan appointment', key: 'scanAppointment' }, 'assignedTo=me');
  expect(listQuery(page)).not.toContain('assignedTo');
  for (const id of rows) expect(assigned.items.map((i) => i.id)).toContain(id);
});

/** RFC 4180 rows of a CSV text (without the BOM). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (!quoted && c === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

test('/project-list: the spec columns, and Export All downloads a CSV of exactly the filtered missions', async ({ page }) => {
  await signInOverHttp(page, 'customer@example.com');
  await page.goto('/project-list');
  await expect(page).toHaveTitle('Argus | Project list');
  expect(await headers(page)).toEqual(['ID', 'Name', 'Priority', 'Assignee', 'Created', 'Scan Appointment', 'Step']);
  await filterSortReload(page, { name: 'Step', column: 'Step', param: 'step' }, { label: 'Name', key: 'name' });
  const expected = await apiIds(page, listQuery(page));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export All' }).click();
  await expect(page.getByRole('button', { name: 'Export in progress' })).toBeVisible();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^missions-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await file.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const [header, ...rows] = csvRows(text.slice(1));
  expect(header).toEqual(['ID', 'Name', 'Priority', 'Assignee', 'Created', 'Scan Appointment', 'Step']);
  expect(rows.map((r) => Number(r[0]))).toEqual(expected);
  await expect(page.getByRole('button', { name: 'Export All' })).toBeEnabled();
});

test('/mission-list-beta is not there for a customer (no missionListBeta flag)', async ({ page }) => {
  await signInOverHttp(page, 'customer@example.com');
  const response = await page.goto('/mission-list-beta');
  expect(response?.status()).toBe(404);
});
