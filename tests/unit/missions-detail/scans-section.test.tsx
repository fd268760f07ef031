import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { ScansSection } from '@/components/missions/detail/scans-section';
import { DATASET_TYPES, type DatasetDto } from '@/lib/shared/schemas/dataset';
import { routedFetch } from '@/tests/support/fetch-mock';
import { renderWithIntl } from '@/tests/support/render-with-intl';
import { dataset, envelope } from './fixtures';

const notify = jest.fn();
jest.mock('@/components/platform/notifications', () => ({ useNotify: () => notify }));

const running = dataset();
const failed = dataset({ id: 102, datasetId: 'SCAN-0102', status: 'error', errorKey: 'errors.pointcloud.truncated', conversion: null, filename: 'og.las', sizeBytes: 2048, pointCount: null });
const available = dataset({ id: 104, datasetId: 'SCAN-0104', status: 'available', progress: 100, conversion: null });

function renderScans(initial: DatasetDto[], { canProcess = true, canCheck = true, locale = 'en' as 'en' | 'de' } = {}) {
  return renderWithIntl(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ScansSection missionId={12} initial={initial} types={DATASET_TYPES} canProcess={canProcess} canCheck={canCheck} />
    </SWRConfig>,
    { locale },
  );
}
const row = (id: string) => screen.getByRole('row', { name: new RegExp(id) });

beforeEach(() => notify.mockReset());
afterEach(() => {
  jest.useRealTimers();
  delete (global as { fetch?: unknown }).fetch;
});

describe('the scans section', () => {
  it('says so when the mission has no scans', () => {
    renderScans([]);
    expect(screen.getByText('No scans have been uploaded for this mission yet.')).toBeInTheDocument();
  });

  it('shows file, size, points, status with its reason, progress with stage and time left', () => {
    global.fetch = routedFetch({});
    renderScans([running, failed]);
    const r = row('SCAN-0101');
    expect(r).toHaveTextContent('erdgeschoss.laz');
    expect(r).toHaveTextContent('1.5 GB');
    expect(r).toHaveTextContent('12,345,678');
    expect(r).toHaveTextContent('indexing 3/8 chunks · Time left: 13 minutes');
    expect(within(r).getByRole('progressbar', { name: 'Progress of SCAN-0101' })).toHaveAttribute('data-color', 'primary');
    const bad = row('SCAN-0102');
    expect(bad).toHaveTextContent('2 kB');
    expect(bad).toHaveTextContent('The file is truncated: it ends before all its points were read.');
    expect(within(bad).getByRole('progressbar')).toHaveAttribute('data-color', 'red');
  });

  it('reads the scans again every two seconds while one is being worked on', async () => {
    jest.useFakeTimers();
    const fetch = routedFetch({ 'GET /api/v2/missions/12/datasets': { status: 200, body: { items: [{ ...running, progress: 80 }] } } });
    global.fetch = fetch;
    renderScans([running]);
    await act(async () => jest.advanceTimersByTime(2100));
    await act(async () => {});
    expect(fetch).toHaveBeenCalledWith('/api/v2/missions/12/datasets', expect.anything());
    expect(within(row('SCAN-0101')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '80');
  });

  it('does not poll when nothing is being worked on', async () => {
    jest.useFakeTimers();
    const fetch = routedFetch({ 'GET /api/v2/missions/12/datasets': { status: 200, body: { items: [available] } } });
    global.fetch = fetch;
    renderScans([available]);
    await act(async () => jest.advanceTimersByTime(10_000));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offers cancel, restart and check by state, and only to who may', () => {
    global.fetch = routedFetch({});
    const { unmount } = renderScans([running, failed, available]);
    expect(within(row('SCAN-0101')).getByRole('button', { name: 'Cancel: SCAN-0101' })).toBeInTheDocument();
    expect(within(row('SCAN-0102')).getByRole('button', { name: 'Restart: SCAN-0102' })).toBeInTheDocument();
    expect(within(row('SCAN-0104')).getByRole('button', { name: 'Mark checked: SCAN-0104' })).toBeInTheDocument();
    unmount();
    renderScans([running, failed, available], { canProcess: false, canCheck: false });
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(row('SCAN-0101')).toHaveTextContent('Indoor');
  });

  it('restarts a failed scan with the restart caller and shows the answer', async () => {
    const fetch = routedFetch({
      'POST /api/v2/datasets/102/restart': { status: 202, body: { ...failed, status: 'imported', errorKey: null, progress: 0 } },
      'GET /api/v2/missions/12/datasets': { status: 200, body: { items: [{ ...failed, status: 'imported', errorKey: null, progress: 0 }] } },
    });
    global.fetch = fetch;
    const user = userEvent.setup();
    renderScans([failed]);
    await user.click(screen.getByRole('button', { name: 'Restart: SCAN-0102' }));
    await waitFor(() => expect(row('SCAN-0102')).toHaveTextContent('Imported'));
    expect(fetch).toHaveBeenCalledWith('/api/v2/datasets/102/restart', expect.objectContaining({ method: 'POST' }));
    expect(notify).toHaveBeenCalledWith({ type: 'success', text: 'Scan SCAN-0102 is being processed again.' });
  });

  it('changes the type with the version it read', async () => {
    const fetch = routedFetch({
      'PATCH /api/v2/datasets/104': { status: 200, body: { ...available, type: 'outdoor', version: 4 } },
      'GET /api/v2/missions/12/datasets': { status: 200, body: { items: [{ ...available, type: 'outdoor', version: 4 }] } },
    });
    global.fetch = fetch;
    const user = userEvent.setup();
    renderScans([available]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type of SCAN-0104' }), 'Outdoor');
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/v2/datasets/104', expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ type: 'outdoor', version: 3 }) })));
    expect(notify).toHaveBeenCalledWith({ type: 'success', text: 'The type of scan SCAN-0104 is now Outdoor.' });
  });

  it('on 409 says someone changed the scan and reloads the row', async () => {
    const fresh = { ...available, type: 'flight' as const, version: 9 };
    const fetch = routedFetch({
      'PATCH /api/v2/datasets/104': { status: 409, body: envelope('version_conflict', 'changed') },
      'GET /api/v2/datasets/104': { status: 200, body: fresh },
      'GET /api/v2/missions/12/datasets': { status: 200, body: { items: [fresh] } },
    });
    global.fetch = fetch;
    const user = userEvent.setup();
    renderScans([available]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type of SCAN-0104' }), 'Outdoor');
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: 'error', text: 'Someone else changed scan SCAN-0104 in the meantime. It has been reloaded; please try again.' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Type of SCAN-0104' })).toHaveValue('flight'));
  });

  it('shows the scans of a newer server render (router.refresh() after an upload), even after polling', async () => {
    jest.useFakeTimers();
    global.fetch = routedFetch({ 'GET /api/v2/missions/12/datasets': { status: 200, body: { items: [running] } } });
    const ui = (initial: DatasetDto[]) => (
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ScansSection missionId={12} initial={initial} types={DATASET_TYPES} canProcess canCheck />
      </SWRConfig>
    );
    const { rerender } = renderWithIntl(ui([running]));
    await act(async () => jest.advanceTimersByTime(2100));
    expect(global.fetch).toHaveBeenCalled();
    rerender(ui([running, failed]));
    await act(async () => {});
    expect(screen.getByRole('row', { name: /SCAN-0102/ })).toBeInTheDocument();
  });

  it('speaks German', () => {
    global.fetch = routedFetch({});
    renderScans([running, failed], { locale: 'de' });
    expect(screen.getByRole('columnheader', { name: 'Punkte' })).toBeInTheDocument();
    expect(row('SCAN-0101')).toHaveTextContent('Indizieren 3/8 Blöcke · Restzeit: 13 Minuten');
    expect(row('SCAN-0102')).toHaveTextContent('Die Datei ist abgeschnitten');
    expect(screen.getByRole('button', { name: 'Neu starten: SCAN-0102' })).toBeInTheDocument();
  });
});
