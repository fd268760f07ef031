import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { ActionsBar, type ActionCapability } from '@/components/missions/detail/actions-bar';
import { MissionProvider } from '@/components/missions/detail/mission-context';
import { MissionHeading } from '@/components/missions/detail/mission-heading';
import { jsonFetch } from '@/tests/support/fetch-mock';
import { renderWithIntl } from '@/tests/support/render-with-intl';
import { envelope, fullMission, pointcloud } from './fixtures';

const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh, push: jest.fn() }) }));
const notify = jest.fn();
jest.mock('@/components/platform/notifications', () => ({ useNotify: () => notify }));

const ALL: ActionCapability[] = ['close', 'hide', 'hold', 'cloudSync'];

function bar(mission = fullMission(), capabilities = ALL, neighbours = { previousId: 11, nextId: null as number | null }, from: string | null = 'status=created&sort=name', cloud = pointcloud()) {
  return (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MissionProvider mission={mission} editable={[]} kinds={{}}>
        <MissionHeading />
        <ActionsBar capabilities={capabilities} neighbours={neighbours} from={from} pointcloud={cloud} />
      </MissionProvider>
    </SWRConfig>
  );
}

const renderBar = (...args: Parameters<typeof bar>) => renderWithIntl(bar(...args));

beforeEach(() => {
  refresh.mockReset();
  notify.mockReset();
});
afterEach(() => {
  delete (global as { fetch?: unknown }).fetch;
});

describe('ActionsBar', () => {
  it('asks before closing, and closes only when confirmed', async () => {
    const fetch = jsonFetch(200, fullMission({ closed: true, version: 5 }));
    global.fetch = fetch;
    const user = userEvent.setup();
    renderBar();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    const dialog = screen.getByRole('dialog', { name: 'Close mission 12?' });
    expect(fetch).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close mission' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/v2/missions/12/close', expect.objectContaining({ method: 'POST', body: JSON.stringify({ version: 4 }) })));
    // The answer shows at once: the badge appears and the button turns into Reopen.
    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(screen.getByText('Closed', { selector: 'li' })).toBeInTheDocument();
    expect(notify).toHaveBeenCalledWith({ type: 'success', text: 'Mission closed.' });
    expect(refresh).toHaveBeenCalled();
  });

  it('reopens, shows and resumes without asking', async () => {
    const fetch = jsonFetch(200, fullMission({ closed: false, version: 5 }));
    global.fetch = fetch;
    const user = userEvent.setup();
    renderBar(fullMission({ closed: true, hidden: true, onHold: true }));
    expect(screen.getByRole('button', { name: 'Show' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resume' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reopen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/v2/missions/12/reopen', expect.objectContaining({ method: 'POST' })));
  });

  it('takes a mission offline only after confirmation, with online: false', async () => {
    const fetch = jsonFetch(200, fullMission({ cloudOnline: false, version: 5 }));
    global.fetch = fetch;
    const user = userEvent.setup();
    renderBar(fullMission({ cloudOnline: true }));
    await user.click(screen.getByRole('button', { name: 'Take offline' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Take mission 12 offline?' })).getByRole('button', { name: 'Take offline' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/v2/missions/12/cloud-sync', expect.objectContaining({ body: JSON.stringify({ version: 4, online: false }) })));
  });

  it('says when someone else changed the mission meanwhile, and reloads it', async () => {
    global.fetch = jsonFetch(409, envelope('version_conflict', 'changed'));
    const user = userEvent.setup();
    renderBar();
    await user.click(screen.getByRole('button', { name: 'Hold (pause calculation)' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Hold mission' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: 'error', text: expect.stringContaining('Someone else changed this mission') }));
    expect(refresh).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Hold (pause calculation)' })).toBeInTheDocument();
  });

  it('shows a running sync as such and asks the server until it ends', async () => {
    global.fetch = jsonFetch(200, fullMission({ cloudOnline: false, cloudSyncState: 'syncing', version: 5 }));
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderBar();
      await user.click(screen.getByRole('button', { name: 'Cloud sync' }));
      const busy = await screen.findByRole('button', { name: 'Syncing…' });
      expect(busy).toBeDisabled();
      expect(screen.queryByRole('button', { name: 'Cloud sync' })).toBeNull();
      refresh.mockClear();
      act(() => jest.advanceTimersByTime(3000));
      expect(refresh).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows an unsync under way, and stops asking once the page knows it ended', () => {
    jest.useFakeTimers();
    try {
      const view = renderBar(fullMission({ cloudOnline: true, cloudSyncState: 'unsyncing', version: 6 }));
      expect(screen.getByRole('button', { name: 'Removing from the cloud…' })).toBeDisabled();
      view.rerender(bar(fullMission({ cloudOnline: false, cloudSyncState: 'unsynced', version: 7 })));
      expect(screen.getByRole('button', { name: 'Cloud sync' })).toBeEnabled();
      refresh.mockClear();
      act(() => jest.advanceTimersByTime(10_000));
      expect(refresh).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('reports a failed cloud sync with the spec text', async () => {
    global.fetch = jsonFetch(500, envelope('internal', 'boom'));
    const user = userEvent.setup();
    renderBar();
    await user.click(screen.getByRole('button', { name: 'Cloud sync' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: 'error', text: 'Failed to sync Mission!' }));
  });

  it('offers only the actions the user may take; generating a pointcloud goes with hold', () => {
    renderBar(fullMission(), ['hide']);
    expect(screen.getByRole('button', { name: 'Hide' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Generate online pointcloud' })).toBeNull();
  });

  it('keeps generate online pointcloud disabled while no scan is available, and says why', () => {
    renderBar();
    const generate = screen.getByRole('button', { name: 'Generate online pointcloud' });
    expect(generate).toBeDisabled();
    expect(generate).toHaveAccessibleDescription('No scan of this mission is available yet, so there is nothing to build a pointcloud from.');
  });

  it('generates the online pointcloud from the available scans, then shows the build under way', async () => {
    const building = pointcloud({ availableDatasetIds: [101], conversion: { id: 9, state: 'queued', stage: 'count', progress: 0, chunksTotal: 0, chunksDone: 0, pointCount: null, sizeBytes: null, errorKey: null, startedAt: null, finishedAt: null, secondsLeft: null } });
    const fetch = jsonFetch(202, building);
    global.fetch = fetch;
    const user = userEvent.setup();
    renderBar(fullMission(), ALL, undefined, null, pointcloud({ availableDatasetIds: [101] }));
    const generate = screen.getByRole('button', { name: 'Generate online pointcloud' });
    expect(generate).toBeEnabled();
    await user.click(generate);
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/v2/missions/12/pointcloud', expect.objectContaining({ method: 'POST' })));
    expect(notify).toHaveBeenCalledWith({ type: 'success', text: 'The online pointcloud is being generated.' });
    expect(await screen.findByRole('button', { name: 'Generate online pointcloud' })).toHaveAccessibleDescription('A pointcloud is being built.');
  });

  it('says why generating failed, in the server\'s words', async () => {
    global.fetch = jsonFetch(409, envelope('conflict', 'none', { key: 'errors.datasets.noneAvailable' }));
    const user = userEvent.setup();
    renderBar(fullMission(), ALL, undefined, null, pointcloud({ availableDatasetIds: [101] }));
    await user.click(screen.getByRole('button', { name: 'Generate online pointcloud' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({ type: 'error', text: 'Failed to generate the online pointcloud: The mission has no available scan to build a point cloud from.' }),
    );
  });

  it('links previous and next within the list the user came from', () => {
    renderBar();
    expect(screen.getByRole('link', { name: 'Previous mission' })).toHaveAttribute('href', '/mission/11?from=status%3Dcreated%26sort%3Dname');
    expect(screen.queryByRole('link', { name: 'Next mission' })).toBeNull();
    expect(screen.getByText('Next mission')).toHaveAttribute('aria-disabled', 'true');
  });
});
