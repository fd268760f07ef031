import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CompanyForm } from '@/components/admin/companies/company-form';
import { ApiError } from '@/lib/client/fetcher';
import type { CompanyDto } from '@/lib/shared/schemas/company';
import { renderWithIntl } from '@/tests/support/render-with-intl';

/* Issue 8 item 1: the company form validates with the server's schema and shows the spec §5 texts. */

const existing: CompanyDto = {
  id: 7,
  name: 'Nord GmbH',
  type: 'customer',
  contactFirstName: 'Henrik',
  contactLastName: null,
  contactEmail: 'technik@nord.example.com',
  phone: null,
  accountingEmail: null,
  streetAndNumber: null,
  town: 'Hamburg',
  zip: null,
  country: 'DE',
  isProvider: false,
  isMaterialsPartner: false,
  version: 3,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

function setup(props: Partial<Parameters<typeof CompanyForm>[0]> = {}, locale: 'en' | 'de' = 'en') {
  const onSubmit = jest.fn().mockResolvedValue(undefined);
  const failureText = jest.fn(() => 'Failed to create company.');
  renderWithIntl(<CompanyForm onSubmit={onSubmit} onCancel={jest.fn()} failureText={failureText} {...props} />, { locale });
  return { onSubmit, failureText, user: userEvent.setup() };
}

describe('CompanyForm', () => {
  it('has every field of spec §3', () => {
    setup();
    for (const label of [
      'Name',
      'Type',
      'Contact first name',
      'Contact last name',
      'Contact e-mail',
      'Phone',
      'Accounting e-mail',
      'Street and house number',
      'Town',
      'Zip',
      'Country',
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
  });

  it("shows 'Value is not a valid email address' after typing pauses, and 'Value is required' for a cleared name", async () => {
    const { user } = setup({ company: existing });
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Accounting e-mail'), 'rechnung@nord');
    // The spec's 500 ms pause: nothing is shown while typing continues.
    expect(screen.queryByText('Value is not a valid email address')).not.toBeInTheDocument();
    expect(await screen.findByText('Value is not a valid email address', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(await screen.findByText('Value is required')).toBeInTheDocument();
  });

  it('offers the countries by name in the user language and refuses no country', async () => {
    const { user, onSubmit } = setup({}, 'de');
    const country = screen.getByLabelText('Land');
    expect(country).toHaveValue('DE');
    expect(screen.getByRole('option', { name: 'Deutschland' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Österreich' })).toBeInTheDocument();
    expect(screen.getAllByRole('option').length).toBeGreaterThan(249);
    await user.type(screen.getByLabelText('Name'), 'Elbe Bau GmbH');
    await user.selectOptions(country, '');
    await user.click(screen.getByRole('button', { name: 'Anlegen' }));
    expect(await screen.findByText('Ein Wert ist erforderlich')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('hands over the parsed values: trimmed, empty fields null, e-mails lower-case', async () => {
    const { user, onSubmit } = setup();
    await user.type(screen.getByLabelText('Name'), '  Elbe Bau GmbH ');
    await user.selectOptions(screen.getByLabelText('Type'), 'partner');
    await user.type(screen.getByLabelText('Contact e-mail'), 'Info@Elbe-Bau.example.com');
    await user.selectOptions(screen.getByLabelText('Country'), 'AT');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({
      name: 'Elbe Bau GmbH',
      type: 'partner',
      contactFirstName: null,
      contactLastName: null,
      contactEmail: 'info@elbe-bau.example.com',
      phone: null,
      accountingEmail: null,
      streetAndNumber: null,
      town: null,
      zip: null,
      country: 'AT',
    });
  });

  it('puts a server field error on its field, and any other failure under the form', async () => {
    const onSubmit = jest
      .fn()
      .mockRejectedValueOnce(new ApiError(409, 'conflict', 'a company with this name exists', { fields: { name: ['admin.companies.errors.nameTaken'] } }))
      .mockRejectedValueOnce(new ApiError(500, 'internal', 'Internal error'));
    const { user } = setup({ company: existing, onSubmit, failureText: () => 'Failed to update company.' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A company with this name exists already.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update company.');
  });

  it("keeps the provider's own company internal", () => {
    setup({ company: { ...existing, type: 'internal', isProvider: true } });
    expect(screen.getAllByRole('option', { name: /Customer|Partner|Internal/ }).map((o) => o.textContent)).toEqual(['Internal']);
  });
});
