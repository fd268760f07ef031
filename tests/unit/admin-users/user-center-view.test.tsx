import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { UserCenterView } from '@/components/admin/users/user-center-view';
import type { UserAccountList } from '@/lib/shared/schemas/admin-user';
import { renderWithIntl } from '@/tests/support/render-with-intl';
import { routeFetch } from './api';

const notify = jest.fn();
jest.mock('@/components/platform/notifications', () => ({ useNotify: () => notify }));

const ME = '0b0e1d7e-0000-4000-8000-000000000001';
const LENA = '0b0e1d7e-0000-4000-8000-000000000002';

const list: UserAccountList = {
  items: [
    { identityId: ME, email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', verified: true, state: 'active', company: null, customer: null, roles: ['admin'], lastSignInAt: '2026-03-05T09:30:00.000Z', createdAt: null },
    {
      identityId: LENA,
      email: 'lena@example.com',
      firstName: 'Lena',
      lastName: 'Vogt',
      verified: false,
      state: 'inactive',
      company: { id: 4, name: 'Mainufer Projektentwicklung' },
      customer: { id: 9, customerNumber: 20, name: 'Mainufer' },
      roles: ['customer'],
      lastSignInAt: null,
      createdAt: null,
    },
  ],
  total: 2,
  page: 1,
  pageSize: 25,
  roles: [
    { name: 'admin', userLevel: 100, assignable: true },
    { name: 'customer', userLevel: 20, assignable: true },
  ],
};

const view = (locale: 'en' | 'de' = 'en') =>
  renderWithIntl(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <UserCenterView ownId={ME} />
    </SWRConfig>,
    { locale },
  );

beforeEach(() => notify.mockReset());

describe('user center list', () => {
  it("says 'Failed to get users.' when the list fails (spec §8), and retries on request", async () => {
    const fetch = routeFetch({ 'GET /api/v2/admin/users': { status: 503, body: { error: { code: 'service_unavailable', message: 'down' } } } });
    view();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to get users.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    routeFetch({ 'GET /api/v2/admin/users': { status: 200, body: list } });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalled();
  });

  it('says it in German too', async () => {
    routeFetch({ 'GET /api/v2/admin/users': { status: 500, body: {} } });
    view('de');
    expect(await screen.findByRole('alert')).toHaveTextContent('Benutzer konnten nicht geladen werden.');
  });

  it('shows name, e-mail, verified, company, customer number, roles, last sign-in and state', async () => {
    routeFetch({ 'GET /api/v2/admin/users': { status: 200, body: list } });
    view();
    const row = within(await screen.findByTestId('user-lena@example.com'));
    expect(row.getByText('Lena Vogt')).toBeInTheDocument();
    expect(row.getByText('No')).toBeInTheDocument();
    expect(row.getByText('Mainufer Projektentwicklung')).toBeInTheDocument();
    expect(row.getByText('20 · Mainufer')).toBeInTheDocument();
    expect(row.getByText('customer')).toBeInTheDocument();
    expect(row.getByText('Never')).toBeInTheDocument();
    expect(row.getByText('Deactivated')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    // Nobody deactivates themselves: no such button on the own row.
    const own = within(screen.getByTestId('user-admin@example.com'));
    expect(own.getByText('March 5, 2026 at 10:30')).toBeInTheDocument();
    expect(own.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    expect(screen.getByText('2 users')).toBeInTheDocument();
  });

  it('searches on the server after typing stops', async () => {
    const fetch = routeFetch({ 'GET /api/v2/admin/users': { status: 200, body: list } });
    view();
    await screen.findByRole('table');
    await userEvent.type(screen.getByLabelText('Search users'), 'mainufer');
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).includes('q=mainufer'))).toBe(true));
  });

  it('invites a user in the chosen language, says the invitation was e-mailed, and still shows the one-time link and code to hand over', async () => {
    const fetch = routeFetch({
      'GET /api/v2/admin/users': { status: 200, body: list },
      'GET /api/v2/companies': { status: 200, body: { items: [] } },
      'GET /api/v2/customers': { status: 200, body: { items: [{ id: 9, customerNumber: 20, name: 'Mainufer', companyId: 4, companyName: 'Mainufer Projektentwicklung', parentId: null, accountType: 'business' }] } },
      'POST /api/v2/admin/users': {
        status: 201,
        body: { user: { ...list.items[1], email: 'new@example.com', state: 'active' }, invitation: { recoveryLink: 'http://argus.test/self-service/recovery?flow=abc', recoveryCode: '123456', expiresAt: '2026-03-12T09:30:00.000Z', mail: { to: 'new@example.com', delivery: 'smtp', language: 'de' } } },
      },
    });
    view();
    await userEvent.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = within(screen.getByRole('dialog'));
    await userEvent.type(dialog.getByLabelText('E-mail'), 'new@example.com');
    await userEvent.type(dialog.getByLabelText('First name'), 'Nina');
    await userEvent.type(dialog.getByLabelText('Last name'), 'Neu');
    await userEvent.selectOptions(dialog.getByLabelText('Customer (customer number)'), await dialog.findByRole('option', { name: '20 · Mainufer' }));
    await userEvent.click(dialog.getByLabelText('customer (level 20)'));
    // The invitation's language starts as the admin's UI language.
    expect(dialog.getByLabelText('Invitation language')).toHaveValue('en');
    await userEvent.selectOptions(dialog.getByLabelText('Invitation language'), 'German');
    await userEvent.click(dialog.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByTestId('invitation-mail')).toHaveTextContent('The invitation was e-mailed to new@example.com.');
    expect(await screen.findByTestId('invitation-code')).toHaveTextContent('123456');
    expect(screen.getByTestId('invitation-link')).toHaveTextContent('http://argus.test/self-service/recovery?flow=abc');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ email: 'new@example.com', firstName: 'Nina', lastName: 'Neu', companyId: 4, customerId: 9, roles: ['customer'], language: 'de' });
  });

  it('shows why an invitation was refused: the e-mail exists', async () => {
    routeFetch({
      'GET /api/v2/admin/users': { status: 200, body: list },
      'GET /api/v2/companies': { status: 200, body: { items: [] } },
      'GET /api/v2/customers': { status: 200, body: { items: [] } },
      'POST /api/v2/admin/users': { status: 409, body: { error: { code: 'conflict', message: 'exists', details: { fields: { email: [{ key: 'errors.admin.alreadyExists', message: 'already exists' }] } } } } },
    });
    view();
    await userEvent.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = within(screen.getByRole('dialog'));
    await userEvent.type(dialog.getByLabelText('E-mail'), 'lena@example.com');
    await userEvent.type(dialog.getByLabelText('First name'), 'L');
    await userEvent.type(dialog.getByLabelText('Last name'), 'V');
    await userEvent.click(dialog.getByRole('button', { name: 'Invite' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('A user with this e-mail address exists already.');
  });

  // The domain's reasons arrive as message keys (the English text is the API's `message`): a
  // German admin reads them in German, whether the user center words them itself or not.
  it('shows the reasons of a refused invitation in German, under their fields', async () => {
    routeFetch({
      'GET /api/v2/admin/users': { status: 200, body: list },
      'GET /api/v2/companies': { status: 200, body: { items: [] } },
      'GET /api/v2/customers': { status: 200, body: { items: [] } },
      'POST /api/v2/admin/users': {
        status: 400,
        body: {
          error: {
            code: 'validation',
            message: 'invalid input',
            details: {
              key: 'errors.code.validation',
              fields: {
                customerId: [{ key: 'errors.admin.customerNotFound', message: 'customer not found' }],
                companyId: [{ key: 'errors.admin.companyNotFound', message: 'company not found' }],
                roles: [{ key: 'errors.admin.unknownRole?roles=site-lead', message: 'unknown role: site-lead' }],
              },
            },
          },
        },
      },
    });
    view('de');
    await userEvent.click(await screen.findByRole('button', { name: 'Benutzer einladen' }));
    const dialog = within(screen.getByRole('dialog'));
    await userEvent.type(dialog.getByLabelText('E-Mail'), 'lena@example.com');
    await userEvent.type(dialog.getByLabelText('Vorname'), 'L');
    await userEvent.type(dialog.getByLabelText('Nachname'), 'V');
    await userEvent.click(dialog.getByRole('button', { name: 'Einladen' }));
    expect(await dialog.findByText('Diesen Kunden gibt es nicht.')).toBeInTheDocument();
    expect(dialog.getByText('Firma nicht gefunden')).toBeInTheDocument();
    expect(dialog.getByText('unbekannte Rolle: site-lead')).toBeInTheDocument();
    expect(dialog.queryByText('customer not found')).not.toBeInTheDocument();
  });

  it('says in German that nobody changes their own account, from the error key', async () => {
    routeFetch({
      'GET /api/v2/admin/users': { status: 200, body: list },
      'POST /api/v2/admin/users/0b0e1d7e-0000-4000-8000-000000000002/reactivate': {
        status: 403,
        body: { error: { code: 'not_authorized', message: 'you cannot change the state of your own account', details: { key: 'errors.admin.ownState' } } },
      },
    });
    view('de');
    const row = within(await screen.findByTestId('user-lena@example.com'));
    await userEvent.click(row.getByRole('button', { name: 'Reaktivieren' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: 'error', text: 'Sie können Ihre eigenen Rollen nicht ändern und sich nicht selbst deaktivieren.' }));
  });
});
