import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { NotificationsProvider, useNotify, type NotificationType } from '@/components/platform/notifications';
import { jsonFetch } from '@/tests/support/fetch-mock';
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

const render = (children: React.ReactNode, channel: 'global' | 'auth' = 'global') =>
  renderWithIntl(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <NotificationsProvider channel={channel}>{children}</NotificationsProvider>
    </SWRConfig>,
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

  it('shows the channel’s broadcasts and remembers a dismissed one', async () => {
    const item = { id: 41, text: 'Sign-in is slow today', type: 'warning', state: 'active', channels: ['auth'], duration: null, createdAt: '2026-11-21T10:00:00.000Z' };
    global.fetch = broadcasts([item]);
    const user = userEvent.setup();
    const { unmount } = render(null, 'auth');
    expect(global.fetch).toHaveBeenCalledWith('/api/v2/notifications?channel=auth&locale=en', expect.anything());
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Sign-in is slow today');
    await user.click(within(status).getByRole('button', { name: 'Dismiss' }));
    unmount();

    render(null, 'auth');
    await act(async () => {});
    expect(screen.queryByText('Sign-in is slow today')).not.toBeInTheDocument();
  });
});
