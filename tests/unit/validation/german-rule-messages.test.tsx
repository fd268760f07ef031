import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { CompanyForm } from '@/components/admin/companies/company-form';
import { ApiError } from '@/lib/client/fetcher';
import type { CompanyDto } from '@/lib/shared/schemas/company';
import { decodeIssue } from '@/lib/shared/validation/issue';
import { zodIssueKey } from '@/lib/shared/validation/zod-messages';
import { renderWithIntl } from '@/tests/support/render-with-intl';

/* Issue 13 point 3: a rule error reaches a German user in German, whether zod's own check or the server found it. */

const company: CompanyDto = {
  id: 7,
  name: 'Nord GmbH',
  type: 'customer',
  contactFirstName: null,
  contactLastName: null,
  contactEmail: null,
  phone: null,
  accountingEmail: null,
  streetAndNumber: null,
  town: null,
  zip: null,
  country: 'DE',
  isProvider: false,
  isMaterialsPartner: false,
  version: 3,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

function renderGerman(values: Partial<CompanyDto>, onSubmit = jest.fn().mockResolvedValue(undefined)) {
  renderWithIntl(<CompanyForm company={{ ...company, ...values }} onSubmit={onSubmit} onCancel={jest.fn()} failureText={() => 'Fehler'} />, { locale: 'de' });
  return { onSubmit, user: userEvent.setup() };
}

describe('rule messages in German', () => {
  it("translates zod's own maximum-length check (a stored zip longer than 20 characters)", async () => {
    const { user, onSubmit } = renderGerman({ zip: '1'.repeat(21) });
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Dieses Feld darf höchstens 20 Zeichen lang sein')).toBeInTheDocument();
    expect(screen.queryByText(/Too big|expected string/)).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the server's field error (key plus English text) in German under its field", async () => {
    const fields = { name: [{ key: 'validation.minLength?min=5', message: 'This field should be at least 5 characters long' }] };
    const { user } = renderGerman({}, jest.fn().mockRejectedValueOnce(new ApiError(400, 'validation', 'Invalid request', { fields })));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Dieses Feld muss mindestens 5 Zeichen lang sein')).toBeInTheDocument();
    expect(screen.queryByText('This field should be at least 5 characters long')).not.toBeInTheDocument();
  });
});

describe("zod's built-in checks carry message keys", () => {
  const keyOf = (schema: z.ZodType, value: unknown) => decodeIssue(schema.safeParse(value).error!.issues[0]!.message);

  it.each<[z.ZodType, unknown, object]>([
    [z.string().max(3), 'abcd', { key: 'validation.maxLength', values: { max: 3 } }],
    [z.string().min(5), 'abc', { key: 'validation.minLength', values: { min: 5 } }],
    [z.string().min(1), '', { key: 'validation.required' }],
    [z.string(), undefined, { key: 'validation.required' }],
    [z.string(), 5, { key: 'validation.invalidType' }],
    [z.number().int(), 1.5, { key: 'validation.integer' }],
    [z.number().min(3), 1, { key: 'validation.min', values: { min: 3 } }],
    [z.array(z.string()).max(1), ['a', 'b'], { key: 'validation.maxItems', values: { max: 1 } }],
    [z.enum(['a', 'b']), 'c', { key: 'validation.invalidOption' }],
    [z.email(), 'nope', { key: 'validation.email' }],
    [z.uuid(), 'nope', { key: 'validation.invalidFormat' }],
    [z.strictObject({}), { x: 1 }, { key: 'validation.unknownField' }],
  ])('case %#', (schema, value, expected) => {
    expect(keyOf(schema, value)).toEqual(expected);
  });

  it("leaves a schema's own message alone", () => {
    expect(z.string().min(5, 'validation.password.minLength?min=8').safeParse('a').error!.issues[0]!.message).toBe('validation.password.minLength?min=8');
  });

  it('maps an unforeseen issue to the generic key', () => {
    expect(zodIssueKey({ code: 'custom', input: 1, path: [] } as never)).toEqual({ key: 'validation.invalid' });
  });
});
