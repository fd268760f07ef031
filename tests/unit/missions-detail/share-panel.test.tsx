import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SharePanel } from '@/components/missions/detail/share-panel';
import type { MissionShareItem } from '@/lib/shared/schemas/mission-share';
import { renderWithIntl } from '@/tests/support/render-with-intl';
import { SWRConfig } from 'swr';

const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh, push: jest.fn() }) }));
const notify = jest.fn();
jest.mock('@/components/platform/notifications', () => ({ useNotify: () => notify }));

const share: MissionShareItem = {
  missionId: 12,
  customerId: 7,
  customerNumber: 7,
  customerName: 'Rheinland Immobilien',
  companyName: 'Rheinland AG',
  sharedBy: '0b0e1d7e-0000-4000-8000-000000000001',
  sharedByName: 'Ada Admin',
  sharedAt: '2026-03-05T09:30:00.000Z',
};
const customers = {
  items: [
    { id: 6, customerNumber: 6, name: 'Nord Bau', companyId: 3, companyName: 'Nord Bau GmbH', parentId: null, accountType: 'business' },
    { id: 7, customerNumber: 7, name: 'Rheinland Immobilien', companyId: 4, companyName: 'Rheinland AG', parentId: null, accountType: 'business' },
    { id: 9, customerNumber: 14, name: 'Süd Wohnen', companyId: 5, companyName: 'Süd AG', parentId: null, accountType: 'business' },
  ],
};

type Answer = { status: number; body: unknown };
/** Routes fetches by method and path; records every call. */
function api(routes: Record<string, Answer>) {
  const fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const path = url.split('?')[0];
    const answer = routes[`${init?.method ?? 'GET'} ${path}`] ?? { status: 404, body: { error: { code: 'not_found', message: 'nope' } } };
    return { ok: answer.status < 300, status: answer.status, statusText: '', json: async () => answer.body };
  });
  global.fetch = fetch as unknown as typeof global.fetch;
  return fetch;
}

/** Renders the panel and waits until the customer picker has its choices. */
async function renderPanel(shares = [share]) {
  renderWithIntl(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <SharePanel missionId={12} ownCustomerId={6} shares={shares} />
    </SWRConfig>,
  );
  await screen.findByRole('option', { name: 'Süd Wohnen (14) – Süd AG' });
}

beforeEach(() => {
  refresh.mockReset();
  notify.mockReset();
});
afterEach(() => {
  delete (global as { fetch?: unknown }).fetch;
});

describe('SharePanel', () => {
  it('lists shared with, shared by and the date', async () => {
    api({ 'GET /api/v2/customers': { status: 200, body: customers } });
    await renderPanel();
    const row = screen.getByRole('row', { name: /Rheinland Immobilien/ });
    expect(row).toHaveTextContent('Rheinland Immobilien (7) – Rheinland AG');
    expect(row).toHaveTextContent('Ada Admin');
    expect(row).toHaveTextContent('March 5, 2026 at 10:30');
  });

  it("offers customers other than the mission's own and those it is already shared with, and shares", async () => {
    const fetch = api({
      'GET /api/v2/customers': { status: 200, body: customers },
      'POST /api/v2/missions/12/shares': { status: 201, body: { missionId: 12, customerId: 9, sharedBy: null, sharedAt: '2026-03-06T09:00:00.000Z' } },
      'GET /api/v2/missions/12/shares': { status: 200, body: { items: [share, { ...share, customerId: 9, customerNumber: 14, customerName: 'Süd Wohnen', companyName: 'Süd AG' }] } },
    });
    const user = userEvent.setup();
    await renderPanel();
    const picker = screen.getByLabelText('Customer');
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(2));
    expect(within(picker).getByRole('option', { name: 'Süd Wohnen (14) – Süd AG' })).toBeInTheDocument();
    await user.selectOptions(picker, '9');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/v2/missions/12/shares', expect.objectContaining({ method: 'POST', body: JSON.stringify({ customerId: 9 }) })));
    expect(await screen.findByRole('row', { name: /Süd Wohnen/ })).toBeInTheDocument();
    expect(notify).toHaveBeenCalledWith({ type: 'success', text: 'Mission shared with Süd Wohnen.' });
    expect(refresh).toHaveBeenCalled();
  });

  it('revokes only after confirmation', async () => {
    const fetch = api({
      'GET /api/v2/customers': { status: 200, body: customers },
      'DELETE /api/v2/missions/12/shares/7': { status: 204, body: null },
      'GET /api/v2/missions/12/shares': { status: 200, body: { items: [] } },
    });
    const user = userEvent.setup();
    await renderPanel();
    await user.click(screen.getByRole('button', { name: 'Revoke: Rheinland Immobilien' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke the share with Rheinland Immobilien?' });
    expect(fetch).not.toHaveBeenCalledWith(expect.stringContaining('/shares/7'), expect.anything());
    await user.click(within(dialog).getByRole('button', { name: 'Revoke share' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/v2/missions/12/shares/7', expect.objectContaining({ method: 'DELETE' })));
    expect(await screen.findByText('This mission is not shared with any other customer.')).toBeInTheDocument();
  });

  it("says 'failed to share or unshare' when revoking fails", async () => {
    api({ 'GET /api/v2/customers': { status: 200, body: customers }, 'DELETE /api/v2/missions/12/shares/7': { status: 500, body: { error: { code: 'internal', message: 'x' } } } });
    const user = userEvent.setup();
    await renderPanel();
    await user.click(screen.getByRole('button', { name: 'Revoke: Rheinland Immobilien' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke share' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: 'error', text: 'Failed to share or unshare the mission' }));
    expect(screen.getByRole('row', { name: /Rheinland Immobilien/ })).toBeInTheDocument();
  });
});
