import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { NotificationsProvider, useNotify, type NotificationType } from '@/components/platform/notifications';
import { jsonFetch, routedFetch } from '@/tests/support/fetch-mock';
import { renderWithIntl } from '@/tests/support/render-with-intl';

function Raise({ type, text, duration }: { type: NotificationType; text: string; duration?: number | null }) {
  const notify = useNotify();
  return (
    <button type="button" onClick={() => notify({ type, text, duration })}>
      raise {text}
    </button>
  );
}

const broadcasts = (items: unknown[]) =>
  jsonFetch(200, { items });

const render = (children: React.ReactNode, channel: 'global' | 'auth' = 'global', locale: 'en' | 'de' = 'en') =>
  renderWithIntl(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <NotificationsProvider channel={channel}>{children}</NotificationsProvider>
    </SWRConfig>,
    { locale },
  );

describe('notifications', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => jest.useRealTimers());

  it('shows a raised notification with its type and dismisses it on request', async () => {
    global.fetch = broadcasts([]);
    const user = userEvent.setup();
    render(<Raise type="error" text="Failed to save mission" />);
    await user.click(screen.getByRole('button', { name: 'raise Failed to save mission' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to save mission');
    expect(alert).toHaveAttribute('data-type', 'error');
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('hides a notification after its duration', async () => {
    jest.useFakeTimers();
    global.fetch = broadcasts([]);
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<Raise type="success" text="Saved" duration={3000} />);
    await user.click(screen.getByRole('button', { name: 'raise Saved' }));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2999));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('keeps errors until dismissed by default', async () => {
    jest.useFakeTimers();
    global.fetch = broadcasts([]);
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<Raise type="error" text="Connection error" />);
    await user.click(screen.getByRole('button', { name: 'raise Connection error' }));
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByRole('alert')).toHaveTextContent('Connection error');
  });

  it('reads this browser’s dismissed broadcasts only when there are broadcasts', async () => {
    // A page's first localStorage read waits for the storage to load: a page without broadcasts skips it.
    const getItem = jest.spyOn(Storage.prototype, 'getItem');
    global.fetch = broadcasts([]);
    render(null);
    await act(async () => {});
    expect(global.fetch).toHaveBeenCalledWith('/api/v2/notifications?channel=global&locale=en', expect.anything());
    expect(getItem).not.toHaveBeenCalledWith('argus.dismissedNotifications');
    getItem.mockRestore();
  });

  it('shows the channel’s broadcasts and remembers a dismissed one', async () => {
    const item = { id: 41, text: 'Sign-in is slow today', type: 'warning', state: 'active', channels: ['auth'], duration: null, createdAt: '2026-11-21T10:00:00.000Z' };
    global.fetch = broadcasts([item]);
    const user = userEvent.setup();
    const { unmount } = render(null, 'auth');
    const status = await screen.findByRole('status');
    expect(global.fetch).toHaveBeenCalledWith('/api/v2/notifications?channel=auth&locale=en', expect.anything());
    expect(status).toHaveTextContent('Sign-in is slow today');
    await user.click(within(status).getByRole('button', { name: 'Dismiss' }));
    unmount();

    render(null, 'auth');
    await act(async () => {});
    expect(screen.queryByText('Sign-in is slow today')).not.toBeInTheDocument();
  });
});

describe('personal notifications', () => {
  const mine = { id: 5, text: 'Scan S-1 of mission 12 (Rathaus) is processed and available.', type: 'success', state: 'active', channels: ['global'], duration: 5000, createdAt: '2026-11-21T10:00:00.000Z' };
  afterEach(() => jest.useRealTimers());

  it('shows the signed-in user\'s notifications in the shell until they dismiss them, which dismisses them on the server', async () => {
    const fetch = routedFetch({
      'GET /api/v2/notifications': { status: 200, body: { items: [] } },
      'GET /api/v2/me/notifications': { status: 200, body: { items: [mine] } },
      'POST /api/v2/me/notifications/5/dismiss': { status: 204, body: null },
    });
    global.fetch = fetch;
    const user = userEvent.setup();
    render(null);
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Scan S-1 of mission 12 (Rathaus) is processed and available.');
    expect(fetch).toHaveBeenCalledWith('/api/v2/me/notifications?locale=en', expect.anything());
    await user.click(within(status).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/Scan S-1/)).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/v2/me/notifications/5/dismiss', expect.objectContaining({ method: 'POST' }));
  });

  it('asks again every 15 seconds and in the page language', async () => {
    jest.useFakeTimers();
    let calls = 0;
    global.fetch = routedFetch({
      'GET /api/v2/notifications': { status: 200, body: { items: [] } },
      'GET /api/v2/me/notifications': (url) => {
        calls += 1;
        expect(url).toBe('/api/v2/me/notifications?locale=de');
        return { status: 200, body: { items: calls > 1 ? [{ ...mine, text: 'Die Online-Punktwolke der Mission 12 (Rathaus) ist fertig.' }] : [] } };
      },
    });
    render(null, 'global', 'de');
    // Each read starts in a task of its own, right after the commit (lib/client/fetcher.ts).
    await act(async () => jest.advanceTimersByTime(1));
    expect(calls).toBe(1);
    await act(async () => jest.advanceTimersByTime(15_100));
    await act(async () => jest.advanceTimersByTime(1));
    expect(calls).toBe(2);
    expect(screen.getByRole('status')).toHaveTextContent('Die Online-Punktwolke der Mission 12 (Rathaus) ist fertig.');
    // A personal notice waits for its reader, whatever its duration.
    await act(async () => jest.advanceTimersByTime(60_000));
    expect(screen.getByText(/Online-Punktwolke/)).toBeInTheDocument();
  });

  it('brings a notice back with a word why when dismissing it fails', async () => {
    global.fetch = routedFetch({
      'GET /api/v2/notifications': { status: 200, body: { items: [] } },
      'GET /api/v2/me/notifications': { status: 200, body: { items: [mine] } },
      'POST /api/v2/me/notifications/5/dismiss': { status: 500, body: { error: { code: 'internal', message: 'boom' } } },
    });
    const user = userEvent.setup();
    render(null);
    await user.click(within(await screen.findByRole('status')).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The notification could not be dismissed.');
    expect(screen.getByText(/Scan S-1/)).toBeInTheDocument();
  });

  it('are not asked for on the sign-in screens', async () => {
    const fetch = routedFetch({ 'GET /api/v2/notifications': { status: 200, body: { items: [] } } });
    global.fetch = fetch;
    render(null, 'auth');
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/v2/notifications?channel=auth&locale=en', expect.anything()));
    // Reads start in tasks of their own (lib/client/fetcher.ts): let any other one start.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

// Issue 20: toasts piled up without limit, and the region carried aria-label on a plain div.
describe('the toast stack', () => {
  beforeEach(() => localStorage.clear());

  it('is a named region landmark', async () => {
    global.fetch = broadcasts([]);
    render(<span />);
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('shows the same message once however often it is raised', async () => {
    global.fetch = broadcasts([]);
    const user = userEvent.setup();
    render(<Raise type="error" text="Connection error" />);
    for (let i = 0; i < 3; i += 1) await user.click(screen.getByRole('button', { name: 'raise Connection error' }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('keeps at most four, the newest', async () => {
    global.fetch = broadcasts([]);
    const user = userEvent.setup();
    render(
      <>
        {['one', 'two', 'three', 'four', 'five', 'six'].map((text) => (
          <Raise key={text} type="error" text={text} />
        ))}
      </>,
    );
    for (const text of ['one', 'two', 'three', 'four', 'five', 'six']) await user.click(screen.getByRole('button', { name: `raise ${text}` }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['three×', 'four×', 'five×', 'six×']);
  });
});
