import { expect, test, type Page } from '@playwright/test';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';

/*
 * Issue 8 items 1, 2 and 5 in the browser: as admin@ create a company and a customer under it
 * (the customer number is assigned and shown), edit both, try to delete the company (refused: it
 * has a customer), and customer@ finds /company-center and /customer-center not found.
 */

test.use({ locale: 'en-US' });

/** The rows of the center's table whose text contains `text`. */
const rowWith = (page: Page, text: string) => page.locator('tbody tr', { hasText: text });

async function searchFor(page: Page, label: string, text: string) {
  await page.getByLabel(label).fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get('q') === text);
}

test('admin creates a company and a customer under it, edits both, and cannot delete the company while the customer exists', async ({ page }, info) => {
  const stamp = `${Date.now().toString(36)}-${info.workerIndex}`;
  const companyName = `E2E Firma ${stamp} GmbH`;
  const customerName = `E2E Kunde ${stamp}`;
  await signInOverHttp(page, 'admin@example.com');

  // Company center: create with the form's own validation first.
  await page.goto('/company-center');
  await expect(page).toHaveTitle('Argus | Companies');
  await page.getByRole('button', { name: 'New company' }).click();
  const companyDialog = page.getByRole('dialog', { name: 'New company' });
  await companyDialog.getByLabel('Name', { exact: true }).fill(companyName);
  await companyDialog.getByLabel('Contact e-mail', { exact: true }).fill('kontakt@e2e');
  await expect(companyDialog.getByText('Value is not a valid email address')).toBeVisible();
  await companyDialog.getByLabel('Contact e-mail', { exact: true }).fill('kontakt@e2e-firma.example.com');
  await companyDialog.getByLabel('Contact first name', { exact: true }).fill('Erika');
  await companyDialog.getByLabel('Contact last name', { exact: true }).fill('Muster');
  await companyDialog.getByLabel('Street and house number', { exact: true }).fill('Hafenstraße 5');
  await companyDialog.getByLabel('Zip', { exact: true }).fill('20457');
  await companyDialog.getByLabel('Town', { exact: true }).fill('Hamburg');
  await companyDialog.getByLabel('Country', { exact: true }).selectOption({ label: 'Austria' });
  await companyDialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`Company ${companyName} created.`)).toBeVisible();
  await expect(companyDialog).toBeHidden();
  await searchFor(page, 'Search companies', companyName);
  await expect(rowWith(page, companyName)).toHaveCount(1);
  await expect(rowWith(page, companyName)).toContainText('Austria');

  // Customer center: the company comes first, the number is assigned when left empty.
  await page.goto('/customer-center');
  await page.getByRole('button', { name: 'New customer' }).click();
  const customerDialog = page.getByRole('dialog', { name: 'New customer' });
  await expect(customerDialog.getByLabel('Name', { exact: true })).toBeDisabled();
  await expect(customerDialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await customerDialog.getByLabel('Company', { exact: true }).selectOption({ label: companyName });
  await customerDialog.getByLabel('Name', { exact: true }).fill('E2');
  await expect(customerDialog.getByText('This field should be at least 3 characters long')).toBeVisible();
  await customerDialog.getByLabel('Name', { exact: true }).fill(customerName);
  await customerDialog.getByLabel('Account type', { exact: true }).selectOption({ label: 'Private' });
  await customerDialog.getByLabel('Contact e-mail', { exact: true }).fill('kunde@e2e-firma.example.com');
  await customerDialog.getByRole('button', { name: 'Create' }).click();
  const created = page.getByText(new RegExp(`^Customer ${customerName} created with customer number (\\d+)\\.$`));
  await expect(created).toBeVisible();
  const customerNumber = (await created.innerText()).match(/customer number (\d+)/)![1]!;
  await searchFor(page, 'Search customers', customerName);
  const customerRow = rowWith(page, customerName);
  await expect(customerRow).toHaveCount(1);
  await expect(customerRow.locator('td').first()).toHaveText(customerNumber);
  await expect(customerRow).toContainText(companyName);
  await expect(customerRow).toContainText('Private');

  // The number finds the customer too.
  await searchFor(page, 'Search customers', customerNumber);
  await expect(rowWith(page, customerName)).toHaveCount(1);

  // Edit the customer.
  await page.getByRole('button', { name: `Edit ${customerName}` }).click();
  const editCustomer = page.getByRole('dialog', { name: `Edit ${customerName}` });
  await expect(editCustomer.getByLabel('Customer number', { exact: true })).toHaveValue(customerNumber);
  await editCustomer.getByLabel('Town', { exact: true }).fill('Lübeck');
  await editCustomer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Customer ${customerName} updated.`)).toBeVisible();
  await expect(rowWith(page, customerName)).toContainText('Lübeck');

  // Edit the company, then try to delete it: refused, it has a customer.
  await page.goto(`/company-center?q=${encodeURIComponent(companyName)}`);
  // Its columns Customers and Missions: the one customer, no mission.
  await expect(rowWith(page, companyName).locator('td').nth(6)).toHaveText('1');
  await expect(rowWith(page, companyName).locator('td').nth(7)).toHaveText('0');
  await page.getByRole('button', { name: `Edit ${companyName}` }).click();
  const editCompany = page.getByRole('dialog', { name: `Edit ${companyName}` });
  await editCompany.getByLabel('Phone', { exact: true }).fill('+49 40 555 0');
  await editCompany.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Company ${companyName} updated.`)).toBeVisible();
  await expect(rowWith(page, companyName)).toContainText('+49 40 555 0');

  await page.getByRole('button', { name: `Delete ${companyName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete company' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByRole('alert')).toHaveText('This company cannot be deleted while missions or customers depend on it: 0 missions, 1 customer.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect(rowWith(page, companyName)).toHaveCount(1);
});

test('customer@ finds the company and customer centers not found, and their APIs refused', async ({ page }) => {
  await signInOverHttp(page, 'customer@example.com');
  for (const path of ['/company-center', '/customer-center']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  }
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Companies' })).toHaveCount(0);
  for (const path of ['/api/v2/companies/center', '/api/v2/customers/center']) {
    const res = await page.request.get(path);
    expect(res.status()).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'not_authorized', message: expect.stringMatching(/^missing permission UI\.menu\./) } });
  }
  // The verbs check write.customer, not only the menu: a same-origin write is refused as well.
  const create = await page.request.post('/api/v2/customers', { data: { name: 'Eigener Kunde', companyId: 1, accountType: 'business' } });
  expect(create.status()).toBe(403);
  expect(await create.json()).toMatchObject({ error: { code: 'not_authorized', message: expect.stringMatching(/^missing permission /) } });
});
