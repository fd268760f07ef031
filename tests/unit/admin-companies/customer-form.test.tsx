import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { CustomerForm } from '@/components/admin/customers/customer-form';
import type { CustomerRow } from '@/lib/shared/schemas/customer';
import { customerFields } from '@/lib/shared/schemas/customer';
import { jsonFetch } from '@/tests/support/fetch-mock';
import { renderWithIntl } from '@/tests/support/render-with-intl';

/* Issue 8 item 2: a company before the customer, the configured name minimum, the customer number. */

const companies = [
  { id: 3, name: 'Nord GmbH' },
  { id: 4, name: 'Rheinland KG' },
];

const nordCustomers = {
  items: [
    { id: 60, customerNumber: 6, name: 'Nord Zentrale', companyId: 3, companyName: 'Nord GmbH', parentId: null, accountType: 'business' },
    { id: 110, customerNumber: 11, name: 'Nord Altona', companyId: 3, companyName: 'Nord GmbH', parentId: 60, accountType: 'business' },
  ],
};

let fetchMock: jest.Mock;
beforeEach(() => {
  fetchMock = jsonFetch(200, nordCustomers);
  global.fetch = fetchMock as unknown as typeof fetch;
});

function setup(props: Partial<Parameters<typeof CustomerForm>[0]> = {}) {
  const onSubmit = jest.fn().mockResolvedValue(undefined);
  renderWithIntl(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <CustomerForm companies={companies} nameMinLength={5} onSubmit={onSubmit} onCancel={jest.fn()} failureText={() => 'Failed to create customer.'} {...props} />
    </SWRConfig>,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('CustomerForm', () => {
  it('keeps every other field and the create button disabled until a company is chosen', async () => {
    const { user } = setup();
    expect(screen.getByText('Choose the company first; the other fields open then.')).toBeInTheDocument();
    for (const label of ['Name', 'Account type', 'Customer number', 'Parent customer', 'Contact e-mail', 'Country']) {
      expect(screen.getByLabelText(label)).toBeDisabled();
    }
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Company'), '3');
    expect(screen.getByLabelText('Name')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled();
    expect(screen.queryByText('Choose the company first; the other fields open then.')).not.toBeInTheDocument();
  });

  it('the shared schema refuses a customer without a company with Value is required (the server parses the same)', () => {
    const parsed = customerFields(5).safeParse({ name: 'Nord Wandsbek', accountType: 'business' });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['companyId', 'validation.required']]);
  });

  it('states the configured minimum for the name and shows it as the rule message', async () => {
    const { user, onSubmit } = setup();
    await user.selectOptions(screen.getByLabelText('Company'), '3');
    // Shown up front as the hint, then as the error once the pause is over.
    expect(screen.getByText('This field should be at least 5 characters long')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Nord');
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true'), { timeout: 2000 });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers the chosen company’s top-level customers as parent and hands over the parsed values', async () => {
    const { user, onSubmit } = setup();
    await user.selectOptions(screen.getByLabelText('Company'), '3');
    const parent = screen.getByLabelText('Parent customer');
    await within(parent).findByRole('option', { name: '6 · Nord Zentrale' });
    expect(within(parent).queryByRole('option', { name: /Altona/ })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v2/customers?companyId=3&limit=500');
    await user.type(screen.getByLabelText('Name'), ' Nord Wandsbek ');
    await user.selectOptions(parent, '60');
    await user.selectOptions(screen.getByLabelText('Account type'), 'public_sector');
    await user.type(screen.getByLabelText('Contact e-mail'), 'Wandsbek@Nord.example.com');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({
      companyId: 3,
      name: 'Nord Wandsbek',
      accountType: 'public_sector',
      // Left empty: the server assigns the next free number.
      customerNumber: null,
      parentId: 60,
      contactFirstName: null,
      contactLastName: null,
      contactEmail: 'wandsbek@nord.example.com',
      phone: null,
      streetAndNumber: null,
      town: null,
      zip: null,
      country: null,
    });
  });

  it('refuses an invalid e-mail with the spec §5 message', async () => {
    const { user, onSubmit } = setup();
    await user.selectOptions(screen.getByLabelText('Company'), '4');
    await user.type(screen.getByLabelText('Name'), 'Rheinland Süd');
    await user.type(screen.getByLabelText('Contact e-mail'), 'sued@rheinland');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Value is not a valid email address', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('on edit shows the company and the assigned customer number without letting them change', async () => {
    const customer: CustomerRow = {
      id: 110,
      customerNumber: 11,
      uuid: '00000000-0000-4000-8000-000000000011',
      name: 'Nord Altona',
      companyId: 3,
      companyName: 'Nord GmbH',
      accountType: 'business',
      parentId: 60,
      parentName: 'Nord Zentrale',
      contactFirstName: null,
      contactLastName: null,
      contactEmail: null,
      phone: null,
      streetAndNumber: null,
      town: 'Hamburg',
      zip: null,
      country: 'DE',
      version: 2,
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
      subCustomerCount: 0,
      missionCount: 0,
    };
    const { user, onSubmit } = setup({ customer });
    expect(screen.getByLabelText('Company')).toBeDisabled();
    expect(screen.getByLabelText('Company')).toHaveDisplayValue('Nord GmbH');
    expect(screen.getByLabelText('Customer number')).toHaveValue('11');
    expect(screen.getByLabelText('Customer number')).toHaveAttribute('readonly');
    // The current parent shows at once, and keeps its place once the company's customers have loaded.
    expect(screen.getByLabelText('Parent customer')).toHaveDisplayValue('Nord Zentrale');
    await within(screen.getByLabelText('Parent customer')).findByRole('option', { name: '6 · Nord Zentrale' });
    expect(screen.getByLabelText('Parent customer')).toHaveDisplayValue('6 · Nord Zentrale');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ name: 'Nord Altona', parentId: 60, town: 'Hamburg', country: 'DE' });
    expect(onSubmit.mock.calls[0][0]).not.toHaveProperty('customerNumber');
    expect(onSubmit.mock.calls[0][0]).not.toHaveProperty('companyId');
  });
});
