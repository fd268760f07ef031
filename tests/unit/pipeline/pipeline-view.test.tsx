import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { PipelineView } from '@/components/pipeline/pipeline-view';
import { DEFAULT_FILTERS, parsePipelineFilters, pipelineApiQuery, pipelineFiltersQuery, type PipelineVocabulary } from '@/components/pipeline/pipeline-query';
import { DATASET_STATUSES, DATASET_TYPES, type PipelineItemDto } from '@/lib/shared/schemas/dataset';
import { routedFetch } from '@/tests/support/fetch-mock';
import { renderWithIntl } from '@/tests/support/render-with-intl';
import { dataset, envelope } from '../missions-detail/fixtures';

const notify = jest.fn();
jest.mock('@/components/platform/notifications', () => ({ useNotify: () => notify }));

const vocab: PipelineVocabulary = { statuses: DATASET_STATUSES, types: DATASET_TYPES };

const item = (over: Partial<PipelineItemDto> = {}): PipelineItemDto => ({ ...dataset(), missionName: 'Rathaus Mitte', missionOnHold: false, ...over });

const running = item();
const failed = item({ id: 102, datasetId: 'SCAN-0102', status: 'error', progress: 30, errorKey: 'errors.pointcloud.legacyLazCompressor', conversion: null, filename: 'alt.laz' });
const stalled = item({ id: 103, datasetId: 'SCAN-0103', missionId: 14, missionName: 'Lager Ost', missionOnHold: true, stalledAt: '2026-03-03T10:00:00.000Z', status: 'processing' });
const available = item({ id: 104, datasetId: 'SCAN-0104', status: 'available', progress: 100, conversion: null });

function renderView({ items = [running, failed, stalled, available], canCheck = true, locale = 'en' as 'en' | 'de', filters = DEFAULT_FILTERS } = {}) {
  return renderWithIntl(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <PipelineView initialFilters={filters} initialItems={items} vocab={vocab} canCheck={canCheck} />
    </SWRConfig>,
    { locale },
  );
}

const row = (datasetId: string) => screen.getByRole('row', { name: new RegExp(datasetId) });

beforeEach(() => notify.mockReset());
afterEach(() => {
  jest.useRealTimers();
  delete (global as { fetch?: unknown }).fetch;
});

describe('the pipeline', () => {
  it('lists every dataset with mission link, file, type, status, progress, stage with chunks, time left and last seen', () => {
    global.fetch = routedFetch({ 'GET /api/v2/datasets': { status: 200, body: { items: [running, failed, stalled, available] } } });
    renderView();
    expect(screen.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeInTheDocument();
    const r = row('SCAN-0101');
    expect(within(r).getByRole('link', { name: '12 · Rathaus Mitte' })).toHaveAttribute('href', '/mission/12');
    expect(r).toHaveTextContent('erdgeschoss.laz');
    expect(r).toHaveTextContent('Indoor');
    expect(r).toHaveTextContent('Processing');
    expect(r).toHaveTextContent('indexing 3/8 chunks');
    expect(r).toHaveTextContent('13 minutes');
    expect(r).toHaveTextContent('March 3, 2026 at 10:30');
    expect(within(r).getByRole('progressbar', { name: 'Progress of SCAN-0101' })).toHaveAttribute('aria-valuenow', '42.5');
  });

  it('paints a failed dataset red and says why in the user\'s words; marks a stalled one and a held mission', () => {
    global.fetch = routedFetch({ 'GET /api/v2/datasets': { status: 200, body: { items: [] } } });
    renderView();
    const bad = row('SCAN-0102');
    expect(within(bad).getByRole('progressbar')).toHaveAttribute('data-color', 'red');
    expect(bad).toHaveTextContent('LAZ compressed with the legacy LASzip 1.0 point-wise compressor is not supported: recompress it with a current LASzip');
    const slow = row('SCAN-0103');
    expect(within(slow).getByText('Stalled')).toHaveAttribute('title', 'No progress since March 3, 2026 at 11:00');
    expect(within(slow).getByText('On hold')).toBeInTheDocument();
    expect(within(row('SCAN-0101')).getByRole('progressbar')).toHaveAttribute('data-color', 'primary');
  });

  it('offers actions by state: cancel while processing, restart after an error, check for internal users, hold or resume of the mission', () => {
    global.fetch = routedFetch({ 'GET /api/v2/datasets': { status: 200, body: { items: [] } } });
    const { unmount } = renderView();
    expect(within(row('SCAN-0101')).getByRole('button', { name: 'Cancel: SCAN-0101' })).toBeInTheDocument();
    expect(within(row('SCAN-0101')).queryByRole('button', { name: /Restart/ })).toBeNull();
    expect(within(row('SCAN-0102')).getByRole('button', { name: 'Restart: SCAN-0102' })).toBeInTheDocument();
    expect(within(row('SCAN-0102')).queryByRole('button', { name: /Cancel/ })).toBeNull();
    expect(within(row('SCAN-0104')).getByRole('button', { name: 'Mark checked: SCAN-0104' })).toBeInTheDocument();
    expect(within(row('SCAN-0101')).getByRole('button', { name: 'Hold mission: 12' })).toBeInTheDocument();
    expect(within(row('SCAN-0103')).getByRole('button', { name: 'Resume mission: 14' })).toBeInTheDocument();
    unmount();
    renderView({ canCheck: false });
    expect(within(row('SCAN-0104')).queryByRole('button', { name: /Mark checked/ })).toBeNull();
  });

  it('cancels only after confirmation, with the cancel caller, and shows the answer', async () => {
    const cancelled = item({ status: 'error', errorKey: 'errors.datasets.cancelled', conversion: null, version: 4 });
    const fetch = routedFetch({
      'GET /api/v2/datasets': { status: 200, body: { items: [running] } },
      'POST /api/v2/datasets/101/cancel': { status: 200, body: cancelled },
    });
    global.fetch = fetch;
    const user = userEvent.setup();
    renderView({ items: [running] });
    await user.click(screen.getByRole('button', { name: 'Cancel: SCAN-0101' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel processing of scan SCAN-0101?' });
    expect(fetch).not.toHaveBeenCalledWith('/api/v2/datasets/101/cancel', expect.anything());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel processing' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/v2/datasets/101/cancel', expect.objectContaining({ method: 'POST' })));
    expect(notify).toHaveBeenCalledWith({ type: 'success', text: 'Processing of scan SCAN-0101 cancelled.' });
  });

  it('restarts, checks, holds and resumes through their callers', async () => {
    const fetch = routedFetch({
      'GET /api/v2/datasets': { status: 200, body: { items: [failed, stalled, available] } },
      'POST /api/v2/datasets/102/restart': { status: 202, body: { ...failed, status: 'imported', errorKey: null } },
      'POST /api/v2/datasets/104/check': { status: 200, body: { ...available, status: 'checked' } },
      'POST /api/v2/missions/12/hold': { status: 200, body: {} },
      'POST /api/v2/missions/14/resume': { status: 200, body: {} },
    });
    global.fetch = fetch;
    const user = userEvent.setup();
    renderView({ items: [failed, stalled, available] });
    await user.click(screen.getByRole('button', { name: 'Restart: SCAN-0102' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/v2/datasets/102/restart', expect.objectContaining({ method: 'POST' })));
    await user.click(screen.getByRole('button', { name: 'Mark checked: SCAN-0104' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/v2/datasets/104/check', expect.objectContaining({ method: 'POST' })));
    await user.click(within(row('SCAN-0102')).getByRole('button', { name: 'Hold mission: 12' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/v2/missions/12/hold', expect.objectContaining({ method: 'POST' })));
    await user.click(screen.getByRole('button', { name: 'Resume mission: 14' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/v2/missions/14/resume', expect.objectContaining({ method: 'POST' })));
    expect(notify).toHaveBeenCalledWith({ type: 'success', text: 'Mission 14 resumed.' });
  });

  it('says why an action was refused, translated from the envelope key', async () => {
    global.fetch = routedFetch({
      'GET /api/v2/datasets': { status: 200, body: { items: [running] } },
      'POST /api/v2/datasets/101/cancel': { status: 409, body: envelope('conflict', 'nothing', { key: 'errors.datasets.notCancellable' }) },
    });
    const user = userEvent.setup();
    renderView({ items: [running] });
    await user.click(screen.getByRole('button', { name: 'Cancel: SCAN-0101' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel processing' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({ type: 'error', text: 'Cancel failed: This scan is not being processed, so there is nothing to cancel.' }),
    );
  });

  it('filters by status, type and mission through the list endpoint', async () => {
    const fetch = routedFetch({ 'GET /api/v2/datasets': { status: 200, body: { items: [failed] } } });
    global.fetch = fetch;
    const user = userEvent.setup();
    renderView();
    const filters = screen.getByRole('search', { name: 'Filters' });
    await user.click(within(filters).getByRole('checkbox', { name: 'Error' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/v2/datasets?status=error&limit=200', expect.anything()));
    expect(within(filters).getByRole('checkbox', { name: 'Active only' })).toBeDisabled();
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Type' }), 'Indoor');
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/v2/datasets?status=error&type=indoor&limit=200', expect.anything()));
    await user.type(within(filters).getByRole('textbox', { name: 'Mission ID' }), '12');
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/v2/datasets?status=error&type=indoor&missionId=12&limit=200', expect.anything()), { timeout: 2000 });
    expect(await screen.findByText('1 scan')).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /SCAN-0101/ })).toBeNull();
  });

  it('reads the list again every two seconds; a failed read says so and keeps the last data', async () => {
    jest.useFakeTimers();
    let calls = 0;
    global.fetch = routedFetch({
      'GET /api/v2/datasets': () => {
        calls += 1;
        return calls === 1 ? { status: 200, body: { items: [{ ...running, progress: 60 }] } } : { status: 500, body: envelope('internal', 'boom') };
      },
    });
    renderView({ items: [running] });
    await act(async () => jest.advanceTimersByTime(2100));
    await act(async () => jest.advanceTimersByTime(2100));
    await act(async () => jest.advanceTimersByTime(2100));
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load! The list shows the data last loaded.');
    expect(within(row('SCAN-0101')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');
  });

  it('speaks German', () => {
    global.fetch = routedFetch({ 'GET /api/v2/datasets': { status: 200, body: { items: [] } } });
    renderView({ locale: 'de' });
    expect(screen.getByRole('columnheader', { name: 'Restzeit' })).toBeInTheDocument();
    expect(row('SCAN-0101')).toHaveTextContent('Indizieren 3/8 Blöcke');
    expect(row('SCAN-0101')).toHaveTextContent('13 Minuten');
    expect(row('SCAN-0102')).toHaveTextContent('Mit dem veralteten punktweisen Kompressor von LASzip 1.0');
    expect(within(row('SCAN-0103')).getByText('Stockt')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Nur aktive' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Abbrechen: SCAN-0101' })).toBeInTheDocument();
  });
});

describe('pipeline filters in the URL', () => {
  it('reads known values only and writes defaults out', () => {
    const f = parsePipelineFilters({ status: 'error,bogus,processing', type: 'indoor', mission: '12', active: 'false' }, vocab);
    expect(f).toEqual({ status: ['error', 'processing'], type: 'indoor', missionId: 12, activeOnly: false });
    expect(pipelineFiltersQuery(f)).toBe('status=error,processing&type=indoor&mission=12&active=false');
    expect(pipelineFiltersQuery(parsePipelineFilters({ mission: 'x' }, vocab))).toBe('');
    expect(pipelineApiQuery(DEFAULT_FILTERS)).toEqual({ status: undefined, type: undefined, missionId: undefined, active: 'true', limit: 200 });
  });
});
