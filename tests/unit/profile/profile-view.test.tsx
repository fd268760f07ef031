import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { navigateTo } from '@/components/auth/navigate';
import { NotificationsProvider } from '@/components/platform/notifications';
import { ProfileView } from '@/components/profile/profile-view';
import type { SettingsFlow } from '@/components/profile/settings-flow';
import en from '@/messages/en.json';
import { renderWithIntl } from '@/tests/support/render-with-intl';
import { settingsFlow, withFieldError } from './settings-flow-fixture';

// The one thing a unit test cannot do is leave the page.
jest.mock('@/components/auth/navigate', () => ({ navigateTo: jest.fn() }));

type Answer = { status: number; body?: unknown } | 'network-error';
type Route = (url: string, body: Record<string, unknown> | undefined) => Answer | undefined;

/** Answers the component's calls by path (and remembers them); unrouted calls fail the test loudly. */
function serve(route: Route) {
  const calls: { url: string; method: string; body?: Record<string, unknown> }[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    calls.push({ url, method: init?.method ?? 'GET', body });
    let answer: Answer | undefined;
    if (url.startsWith('/api/v2/notifications')) answer = { status: 200, body: { items: [] } };
    else if (url === '/api/v2/me') answer = { status: 200, body: { identityId: 'x', email: 'erika@example.com', roles: [], company: { id: 1, name: 'Hausverwaltung Nord GmbH' }, customer: null } };
    answer = route(url, body) ?? answer;
    if (!answer) throw new Error(`unexpected call ${url}`);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    const { status, body: payload } = answer;
    return { ok: status >= 200 && status < 300, status, statusText: '', json: async () => payload } as Response;
  }) as typeof fetch;
  return calls;
}

function renderProfile(flow: SettingsFlow = settingsFlow(), recovering = false) {
  return renderWithIntl(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <NotificationsProvider channel="global">
        <ProfileView initialFlow={flow} recovering={recovering} />
      </NotificationsProvider>
    </SWRConfig>,
  );
}

type Call = { url: string; method: string; body?: Record<string, unknown> };
const settingsCalls = (calls: Call[]) => calls.filter((c) => c.url.startsWith('/self-service/settings?') && c.method === 'POST');

beforeEach(() => jest.mocked(navigateTo).mockReset());

const translated4000002 = en.auth.kratosCodes['4000002'].replace('{property}', 'last');
const translated4000006 = en.auth.kratosCodes['4000006'];

describe('profile details', () => {
  it('saves first and last name through the settings flow and says "Profile updated."', async () => {
    const saved = { ...settingsFlow(), state: 'success', active: 'profile' };
    const calls = serve((url) => (url.startsWith('/self-service/settings?flow=flow-1') ? { status: 200, body: saved } : undefined));
    const user = userEvent.setup();
    renderProfile();
    const first = screen.getByLabelText('First name');
    await user.clear(first);
    await user.type(first, 'Erna');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile updated.')).toBeInTheDocument();
    expect(settingsCalls(calls)[0]?.body).toEqual({
      method: 'profile',
      traits: { email: 'erika@example.com', name: { first: 'Erna', last: 'Muster' } },
      csrf_token: 'csrf-of-flow-1',
    });
  });

  it('refuses a name made only of spaces with "Value is required" and sends trimmed names', async () => {
    const calls = serve((url) => (url.startsWith('/self-service/settings?flow=flow-1') ? { status: 200, body: { ...settingsFlow(), state: 'success', active: 'profile' } } : undefined));
    const user = userEvent.setup();
    renderProfile();
    const first = screen.getByLabelText('First name');
    await user.clear(first);
    await user.type(first, '   ');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Value is required')).toBeInTheDocument();
    expect(settingsCalls(calls)).toHaveLength(0);
    await user.clear(first);
    await user.type(first, '  Erna ');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile updated.')).toBeInTheDocument();
    expect(settingsCalls(calls)[0]?.body).toMatchObject({ traits: { name: { first: 'Erna', last: 'Muster' } } });
  });

  it('keeps the typed values and shows the translated field message when the service refuses', async () => {
    const refused = withFieldError(settingsFlow(), 'traits.name.last', 4000002, 'Property last is missing.', { property: 'last' });
    serve((url) => (url.startsWith('/self-service/settings?') ? { status: 400, body: refused } : undefined));
    const user = userEvent.setup();
    renderProfile();
    const first = screen.getByLabelText('First name');
    await user.clear(first);
    await user.type(first, 'Typed by hand');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(screen.getByLabelText('Last name')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('First name')).toHaveValue('Typed by hand');
    // Under the field and as the failure notice, in the user's language.
    expect(await screen.findAllByText(translated4000002)).toHaveLength(2);
    expect(screen.queryByText('Profile updated.')).not.toBeInTheDocument();
  });

  it('says "Profile update failed! Please try again." when the identity service does not answer', async () => {
    serve((url) => (url.startsWith('/self-service/settings?') ? 'network-error' : undefined));
    const user = userEvent.setup();
    renderProfile();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile update failed! Please try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Erika');
  });

  it('replaces an expired flow with the one the service names and submits once more', async () => {
    const fresh = settingsFlow({ id: 'flow-2' });
    const calls = serve((url) => {
      if (url.startsWith('/self-service/settings?flow=flow-1')) return { status: 410, body: { error: { id: 'self_service_flow_expired', code: 410 }, use_flow_id: 'flow-2' } };
      if (url === '/self-service/settings/flows?id=flow-2') return { status: 200, body: fresh };
      if (url.startsWith('/self-service/settings?flow=flow-2')) return { status: 200, body: { ...fresh, state: 'success', active: 'profile' } };
      return undefined;
    });
    const user = userEvent.setup();
    renderProfile();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile updated.')).toBeInTheDocument();
    expect(settingsCalls(calls).map((c) => [c.url, c.body?.csrf_token])).toEqual([
      ['/self-service/settings?flow=flow-1', 'csrf-of-flow-1'],
      ['/self-service/settings?flow=flow-2', 'csrf-of-flow-2'],
    ]);
  });

  it('shows the company name from Argus, or spec §8\'s message when it cannot be loaded', async () => {
    serve(() => undefined);
    const { unmount } = renderProfile();
    expect(await screen.findByText('Hausverwaltung Nord GmbH')).toBeInTheDocument();
    unmount();
    serve((url) => (url === '/api/v2/me' ? { status: 500, body: { error: { code: 'internal', message: 'boom' } } } : undefined));
    renderProfile();
    expect(await screen.findByText('Failed to load company name!')).toBeInTheDocument();
  });

  it('announces the outcome a flow comes back with (form post without JavaScript, provider return)', async () => {
    serve(() => undefined);
    renderProfile(settingsFlow({ state: 'success', active: 'oidc', microsoft: 'linked' }));
    expect(await screen.findByText('Microsoft account linked.')).toBeInTheDocument();
  });
});

describe('change password', () => {
  const loginFlow = { id: 'login-1', ui: { action: '', method: 'POST', nodes: [{ type: 'input', group: 'default', attributes: { name: 'csrf_token', value: 'login-csrf' } }, { type: 'input', group: 'default', attributes: { name: 'identifier', value: 'erika@example.com' } }] } };
  const invalid = { ...loginFlow, ui: { ...loginFlow.ui, messages: [{ id: 4000006, type: 'error', text: 'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.' }] } };

  async function fill(user: ReturnType<typeof userEvent.setup>, current: string) {
    await user.type(screen.getByLabelText('Current password'), current);
    await user.type(screen.getByLabelText('New password'), 'Neu-Passwort-7!');
    await user.type(screen.getByLabelText('Repeat new password'), 'Neu-Passwort-7!');
  }

  it('shows the spec §5 rules live and enables the change only when all are met', async () => {
    serve(() => undefined);
    const user = userEvent.setup();
    renderProfile();
    const rules = screen.getByRole('list', { name: /password/i });
    const button = screen.getByRole('button', { name: 'Change password' });
    expect(within(rules).getAllByRole('listitem').every((li) => li.getAttribute('data-met') === 'false')).toBe(true);
    await user.type(screen.getByLabelText('Current password'), 'old');
    await user.type(screen.getByLabelText('New password'), 'abcdefgh');
    const met = () => within(rules).getAllByRole('listitem').filter((li) => li.getAttribute('data-met') === 'true').length;
    expect(met()).toBe(2); // length and lowercase
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('New password'), 'A1!');
    await user.type(screen.getByLabelText('Repeat new password'), 'abcdefghA1');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Repeat new password'), '!');
    expect(met()).toBe(6);
    expect(button).toBeEnabled();
  });

  it('refuses a wrong current password with the identity message and leaves the password alone', async () => {
    const calls = serve((url) => {
      if (url === '/self-service/login/browser?refresh=true') return { status: 200, body: loginFlow };
      if (url === '/self-service/login?flow=login-1') return { status: 400, body: invalid };
      return undefined;
    });
    const user = userEvent.setup();
    renderProfile();
    await fill(user, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText(translated4000006)).toHaveLength(2);
    expect(calls.find((c) => c.url === '/self-service/login?flow=login-1')?.body).toEqual({ method: 'password', identifier: 'erika@example.com', password: 'wrong', csrf_token: 'login-csrf' });
    expect(settingsCalls(calls)).toHaveLength(0);
    expect(screen.getByLabelText('New password')).toHaveValue('Neu-Passwort-7!');
  });

  it('re-authenticates with the current password, saves the new one and says "Password updated."', async () => {
    const calls = serve((url) => {
      if (url === '/self-service/login/browser?refresh=true') return { status: 200, body: loginFlow };
      if (url === '/self-service/login?flow=login-1') return { status: 200, body: { session: {} } };
      if (url.startsWith('/self-service/settings?flow=flow-1')) return { status: 200, body: { ...settingsFlow(), state: 'success', active: 'password' } };
      return undefined;
    });
    const user = userEvent.setup();
    renderProfile();
    await fill(user, 'Argus-Demo-2026!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password updated.')).toBeInTheDocument();
    expect(settingsCalls(calls)[0]?.body).toEqual({ method: 'password', password: 'Neu-Passwort-7!', csrf_token: 'csrf-of-flow-1' });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('after an account recovery asks for no current password and saves without re-authenticating', async () => {
    const calls = serve((url) => (url.startsWith('/self-service/settings?flow=flow-1') ? { status: 200, body: { ...settingsFlow(), state: 'success', active: 'password' } } : undefined));
    const recovered = settingsFlow();
    recovered.ui.messages = [{ id: 1060001, type: 'success', text: 'You successfully recovered your account.' }];
    const user = userEvent.setup();
    renderProfile(recovered);
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'Neu-Passwort-7!');
    await user.type(screen.getByLabelText('Repeat new password'), 'Neu-Passwort-7!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password updated.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/self-service/login'))).toBe(false);
    expect(settingsCalls(calls)[0]?.body).toEqual({ method: 'password', password: 'Neu-Passwort-7!', csrf_token: 'csrf-of-flow-1' });
  });

  it('while the recovered session lasts, a later flow (after a save or a reload) still asks for no current password', async () => {
    const calls = serve((url) => (url.startsWith('/self-service/settings?flow=flow-1') ? { status: 200, body: { ...settingsFlow(), state: 'success', active: 'profile' } } : undefined));
    const user = userEvent.setup();
    renderProfile(settingsFlow(), true);
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile updated.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'Neu-Passwort-7!');
    await user.type(screen.getByLabelText('Repeat new password'), 'Neu-Passwort-7!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(settingsCalls(calls)).toHaveLength(2));
    expect(calls.some((c) => c.url.startsWith('/self-service/login'))).toBe(false);
  });

  it('says "Password update failed! Please try again." when the service does not answer', async () => {
    serve((url) => (url.startsWith('/self-service/login') ? 'network-error' : undefined));
    const user = userEvent.setup();
    renderProfile();
    await fill(user, 'Argus-Demo-2026!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findAllByText('Password update failed! Please try again.')).not.toHaveLength(0);
  });
});

describe('Microsoft account', () => {
  it('is hidden when the flow does not offer the provider', () => {
    serve(() => undefined);
    renderProfile(settingsFlow({ microsoft: 'none' }));
    expect(screen.queryByRole('heading', { name: 'Microsoft account' })).not.toBeInTheDocument();
  });

  it('links by following the provider redirect', async () => {
    const calls = serve((url) => (url.startsWith('/self-service/settings?') ? { status: 422, body: { redirect_browser_to: 'https://login.example.test/authorize?x=1' } } : undefined));
    const user = userEvent.setup();
    renderProfile(settingsFlow({ microsoft: 'unlinked' }));
    expect(screen.getByText('No Microsoft account is linked.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Link Microsoft account' }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('https://login.example.test/authorize?x=1'));
    expect(settingsCalls(calls)[0]?.body).toEqual({ method: 'oidc', link: 'microsoft', csrf_token: 'csrf-of-flow-1' });
  });

  it('unlinks, says so and offers linking again', async () => {
    serve((url) => (url.startsWith('/self-service/settings?') ? { status: 200, body: settingsFlow({ microsoft: 'unlinked', state: 'success', active: 'oidc' }) } : undefined));
    const user = userEvent.setup();
    renderProfile(settingsFlow({ microsoft: 'linked' }));
    await user.click(screen.getByRole('button', { name: 'Unlink Microsoft account' }));
    expect(await screen.findByText('Microsoft account unlinked.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Link Microsoft account' })).toBeInTheDocument();
  });

  it('sends a stale session through sign-out and back to the profile (session_refresh_required)', async () => {
    serve((url) =>
      url.startsWith('/self-service/settings?')
        ? { status: 403, body: { error: { id: 'session_refresh_required', code: 403, message: 'The login session is too old.' }, redirect_browser_to: 'http://localhost/self-service/login/browser?refresh=true' } }
        : undefined,
    );
    const user = userEvent.setup();
    renderProfile(settingsFlow({ microsoft: 'linked' }));
    await user.click(screen.getByRole('button', { name: 'Unlink Microsoft account' }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith(`/logout?return_to=${encodeURIComponent('http://localhost/profile')}`));
  });
});
