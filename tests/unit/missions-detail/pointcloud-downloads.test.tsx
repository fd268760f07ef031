import { screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { DownloadsSection } from '@/components/missions/detail/downloads-section';
import { PointcloudPanel } from '@/components/missions/detail/pointcloud-panel';
import type { MissionPointcloudDto } from '@/lib/shared/schemas/dataset';
import type { MissionFileDto } from '@/lib/shared/schemas/mission-file';
import { routedFetch } from '@/tests/support/fetch-mock';
import { renderWithIntl } from '@/tests/support/render-with-intl';
import { pointcloud } from './fixtures';

const notify = jest.fn();
jest.mock('@/components/platform/notifications', () => ({ useNotify: () => notify }));

afterEach(() => {
  delete (global as { fetch?: unknown }).fetch;
});

const scans = [
  { id: 101, datasetId: 'SCAN-0101' },
  { id: 102, datasetId: 'SCAN-0102' },
];

function renderPanel(state: MissionPointcloudDto | null, { canGenerate = true, locale = 'en' as 'en' | 'de' } = {}) {
  return renderWithIntl(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <PointcloudPanel missionId={12} initial={state} datasets={scans} canGenerate={canGenerate} />
    </SWRConfig>,
    { locale },
  );
}

const built = pointcloud({ ready: true, pointCount: 2_500_000, sizeBytes: 48_000_000, builtAt: '2026-03-04T08:15:00.000Z', datasetIds: [101], availableDatasetIds: [101, 102], outdated: true });

describe('the pointcloud and CAD section', () => {
  it('shows the built cloud: points, size, when, from which scans, and that it is outdated', () => {
    global.fetch = routedFetch({});
    renderPanel(built);
    const section = screen.getByTestId('pointcloud');
    expect(section).toHaveTextContent('Ready');
    expect(section).toHaveTextContent('2,500,000');
    expect(section).toHaveTextContent('48 MB');
    expect(section).toHaveTextContent('March 4, 2026 at 09:15');
    expect(section).toHaveTextContent('1 scan: SCAN-0101');
    expect(section).toHaveTextContent('The available scans have changed since it was built');
    expect(within(section).getByRole('button', { name: 'Generate online pointcloud' })).toBeEnabled();
  });

  it('has an honest empty state, and no button for who may not generate', () => {
    global.fetch = routedFetch({});
    renderPanel(pointcloud(), { canGenerate: false });
    expect(screen.getByText('No online pointcloud has been generated for this mission yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows a build under way with its progress, and the button waits', () => {
    global.fetch = routedFetch({ 'GET /api/v2/missions/12/pointcloud': { status: 200, body: pointcloud() } });
    renderPanel(
      pointcloud({
        availableDatasetIds: [101, 102],
        conversion: { id: 3, state: 'running', stage: 'merge', progress: 88, chunksTotal: 4, chunksDone: 4, pointCount: null, sizeBytes: null, errorKey: null, startedAt: '2026-03-04T08:00:00.000Z', finishedAt: null, secondsLeft: 30 },
      }),
    );
    expect(screen.getByText('Being built: merging')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '88');
    expect(screen.getByText('Time left: less than a minute')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate online pointcloud' })).toHaveAccessibleDescription('A pointcloud is being built.');
  });

  it('says why the last build failed, in German too', () => {
    global.fetch = routedFetch({});
    const failed = pointcloud({ conversion: { id: 3, state: 'failed', stage: 'index', progress: 40, chunksTotal: 4, chunksDone: 1, pointCount: null, sizeBytes: null, errorKey: 'errors.datasets.conversionFailed', startedAt: null, finishedAt: null, secondsLeft: null } });
    const { unmount } = renderPanel(failed);
    expect(screen.getByText('The last build failed: Converting the scan into a point cloud failed.')).toBeInTheDocument();
    unmount();
    renderPanel(failed, { locale: 'de' });
    expect(screen.getByText('Die letzte Erzeugung ist fehlgeschlagen: Die Umwandlung des Scans in eine Punktwolke ist fehlgeschlagen.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Online-Punktwolke erzeugen' })).toHaveAccessibleDescription(/Von dieser Mission ist noch kein Scan verfügbar/);
  });
});

const file = (over: Partial<MissionFileDto>): MissionFileDto => ({
  id: 1,
  missionId: 12,
  kind: 'scan',
  filename: 'erdgeschoss.laz',
  sizeBytes: 1_500_000_000,
  sha256: 'a'.repeat(64),
  contentType: 'application/octet-stream',
  createdAt: '2026-03-03T09:00:00.000Z',
  uploadedBy: 'Oliver Operator',
  datasetId: 101,
  ...over,
});

describe('the downloads section', () => {
  it('groups raw scans, CAD deliverables and photos with download links and sizes', () => {
    renderWithIntl(<DownloadsSection missionId={12} files={[file({}), file({ id: 2, kind: 'cad', filename: 'grundriss.dwg', sizeBytes: 350_000, uploadedBy: null }), file({ id: 3, kind: 'photo', filename: 'fassade.jpg', sizeBytes: 4_200_000 })]} />);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Raw scans', 'CAD deliverables', 'Photos']);
    const scan = screen.getByRole('link', { name: 'Download erdgeschoss.laz' });
    expect(scan).toHaveAttribute('href', '/api/v2/missions/12/files/1');
    expect(screen.getByRole('link', { name: 'Download grundriss.dwg' })).toHaveAttribute('href', '/api/v2/missions/12/files/2');
    expect(screen.getByRole('row', { name: /erdgeschoss/ })).toHaveTextContent('1.5 GB');
    expect(screen.getByRole('row', { name: /grundriss/ })).toHaveTextContent('350 kB');
  });

  it('says so when there is nothing to download, in German too', () => {
    const { unmount } = renderWithIntl(<DownloadsSection missionId={12} files={[]} />);
    expect(screen.getByText(/No files are available for download yet/)).toBeInTheDocument();
    unmount();
    renderWithIntl(<DownloadsSection missionId={12} files={[file({ kind: 'cad', filename: 'plan.pdf' })]} />, { locale: 'de' });
    expect(screen.getByRole('heading', { name: 'CAD-Lieferungen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'plan.pdf herunterladen' })).toBeInTheDocument();
  });
});
