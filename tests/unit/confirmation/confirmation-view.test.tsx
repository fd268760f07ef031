import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmationView } from '@/components/confirmation/confirmation-view';
import { SupportContact } from '@/components/support/support-contact';
import type { PublicConfirmation } from '@/lib/shared/schemas/confirmation';
import { renderWithIntl } from '@/tests/support/render-with-intl';

const open: PublicConfirmation = {
  kind: 'order',
  missionName: 'Bürohaus Marienplatz',
  deliveryDate: null,
  state: 'open',
  expiresAt: '2026-12-20T10:00:00.000Z',
  confirmedAt: null,
};
const contact = <SupportContact contact={{ email: 'support@argus.local', phone: '+49 89 1234-0' }} />;

/** The confirm call answers with this status and body. */
function answer(status: number, body: unknown) {
  global.fetch = jest.fn(async () => ({ ok: status < 300, status, statusText: '', json: async () => body })) as unknown as typeof global.fetch;
}

describe('ConfirmationView', () => {
  it('shows whom to ask for a new link when the link has expired', () => {
    renderWithIntl(<ConfirmationView token="t" initial={{ ...open, state: 'expired' }} contact={contact} />);
    expect(screen.getByText('This link has expired. Please contact us for a new one.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'support@argus.local' })).toHaveAttribute('href', 'mailto:support@argus.local');
    expect(screen.getByRole('link', { name: '+49 89 1234-0' })).toHaveAttribute('href', 'tel:+498912340');
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  });

  it('keeps the contact out of an open link', () => {
    renderWithIntl(<ConfirmationView token="t" initial={open} contact={contact} />);
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'support@argus.local' })).not.toBeInTheDocument();
  });

  it('a link used meanwhile: says so, and whom to ask, in German', async () => {
    answer(409, { error: { code: 'conflict', message: 'this link was used already', details: { key: 'errors.confirmation.used' } } });
    renderWithIntl(<ConfirmationView token="t" initial={open} contact={contact} />, { locale: 'de' });
    await userEvent.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieser Link wurde bereits verwendet.');
    expect(screen.getByText('Bitte wenden Sie sich für einen neuen Link an uns.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'support@argus.local' })).toBeVisible();
  });

  it('a failure that may pass (no known refusal) asks to try again, not for a new link', async () => {
    answer(503, { error: { code: 'service_unavailable', message: 'down' } });
    renderWithIntl(<ConfirmationView token="t" initial={open} contact={contact} />);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The confirmation could not be recorded. Please try again.');
    expect(screen.queryByRole('link', { name: 'support@argus.local' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  });
});
