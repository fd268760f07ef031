import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { ProcessorsPanel } from '@/components/pipeline/processors-panel';
import type { ProcessorDto } from '@/lib/shared/schemas/processor';
import { routedFetch } from '@/tests/support/fetch-mock';
import { renderWithIntl } from '@/tests/support/render-with-intl';

const notify = jest.fn();
jest.mock('@/components/platform/notifications', () => ({ useNotify: () => notify }));

const slam: ProcessorDto = { id: 3, name: 'SLAM cluster', createdAt: '2026-11-01T10:00:00.000Z', lastSeenAt: null, revokedAt: null };

function renderPanel(locale: 'en' | 'de' = 'en') {
  return renderWithIntl(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ProcessorsPanel />
    </SWRConfig>,
    { locale },
  );
}

beforeEach(() => notify.mockReset());
afterEach(() => delete (global as { fetch?: unknown }).fetch);

describe('processor tokens on /pipeline', () => {
  it('lists the processors and shows a new token once, after issuing it', async () => {
    let issuedBody: unknown;
    global.fetch = routedFetch({
      'GET /api/v2/processors': { status: 200, body: { items: [slam] } },
      'POST /api/v2/processors': (_url, init) => {
        issuedBody = JSON.parse(String(init.body));
        return { status: 201, body: { ...slam, id: 4, name: 'Drohnen-SLAM', token: 'argp_secretsecretsecretsecret' } };
      },
    });
    renderPanel();
    expect(await screen.findByText('SLAM cluster')).toBeInTheDocument();
    expect(screen.getByText('not seen yet')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name of the processor'), 'Drohnen-SLAM');
    await userEvent.click(screen.getByRole('button', { name: 'Issue token' }));
    expect(await screen.findByTestId('processor-token')).toHaveTextContent('argp_secretsecretsecretsecret');
    expect(issuedBody).toEqual({ name: 'Drohnen-SLAM' });
    expect(screen.getByRole('status')).toHaveTextContent('Copy it now');
  });

  it('revokes after a confirmation and says so; a refusal is shown in words', async () => {
    const fetch = routedFetch({
      'GET /api/v2/processors': { status: 200, body: { items: [slam] } },
      'DELETE /api/v2/processors/3': { status: 200, body: { ...slam, revokedAt: '2026-11-25T10:00:00.000Z' } },
    });
    global.fetch = fetch;
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Revoke the token of SLAM cluster?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: 'success', text: 'The token of SLAM cluster is revoked.' }));
    expect(fetch.mock.calls.some(([url, init]) => String(url) === '/api/v2/processors/3' && (init as RequestInit).method === 'DELETE')).toBe(true);
  });

  it('speaks German', async () => {
    global.fetch = routedFetch({ 'GET /api/v2/processors': { status: 200, body: { items: [] } } });
    renderPanel('de');
    expect(screen.getByRole('heading', { name: 'Verarbeitungssysteme' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Token ausstellen' })).toBeDisabled();
  });
});
