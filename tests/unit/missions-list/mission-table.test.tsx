import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MissionTable, type MissionTableProps } from '@/components/missions/list/mission-table';
import { jsonFetch } from '@/tests/support/fetch-mock';
import { renderWithIntl } from '@/tests/support/render-with-intl';
import { listItem, page } from './fixtures';

const base: MissionTableProps = {
  columns: ['id', 'name', 'status', 'createdAt', 'deliveryDate', 'tags'],
  headerLabel: (c) => `col:${c}`,
  initialPage: page([1, 2]),
  listQuery: 'status=created&sort=name&order=asc',
  sort: 'name',
  order: 'asc',
  onSort: jest.fn(),
  onRetryFirstPage: jest.fn(),
  tagNames: { 5: 'Dringend' },
  userNames: {},
};

afterEach(() => {
  delete (global as { fetch?: unknown }).fetch;
});

describe('MissionTable', () => {
  it('shows the rows, each linked to its detail page with the list order, dates per spec §9', () => {
    const item = listItem(3, { name: 'Halle Nord', tagIds: [5], deliveryDate: '2026-07-01' });
    renderWithIntl(<MissionTable {...base} initialPage={{ items: [item], nextCursor: null }} />);
    const link = screen.getByRole('link', { name: 'Halle Nord' });
    expect(link).toHaveAttribute('href', `/mission/3?from=${encodeURIComponent(base.listQuery)}`);
    const row = link.closest('tr')!;
    expect(row).toHaveTextContent('Created');
    expect(row).toHaveTextContent('March 4, 2026 at 14:05');
    expect(row).toHaveTextContent('July 1, 2026');
    expect(row).toHaveTextContent('Dringend');
    expect(screen.getByText('All missions are shown.')).toBeInTheDocument();
  });

  it("shows 'No missions found' for an empty list, in English and German", () => {
    const { unmount } = renderWithIntl(<MissionTable {...base} initialPage={{ items: [], nextCursor: null }} />);
    expect(screen.getByText('No missions found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    unmount();
    renderWithIntl(<MissionTable {...base} initialPage={{ items: [], nextCursor: null }} />, { locale: 'de' });
    expect(screen.getByText('Keine Missionen gefunden')).toBeInTheDocument();
  });

  it("shows 'Failed to load missions' when the first page failed, with a retry", () => {
    const onRetryFirstPage = jest.fn();
    renderWithIntl(<MissionTable {...base} initialPage={null} onRetryFirstPage={onRetryFirstPage} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load missions');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetryFirstPage).toHaveBeenCalled();
  });

  it('loads the next page with the same query and the cursor, and appends it', async () => {
    const fetch = jsonFetch(200, page([3], null));
    (global as { fetch?: unknown }).fetch = fetch;
    renderWithIntl(<MissionTable {...base} initialPage={page([1, 2], 'CUR/SOR')} />);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Mission 3' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/v2/missions?limit=50&cursor=CUR%2FSOR&status=created&sort=name&order=asc', expect.anything());
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('3 missions shown')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says so when a further page fails, keeps the rows, and offers to try again', async () => {
    (global as { fetch?: unknown }).fetch = jsonFetch(500, { error: { code: 'internal', message: 'boom' } });
    renderWithIntl(<MissionTable {...base} initialPage={page([1, 2], 'c1')} />);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load missions');
    expect(screen.getAllByRole('row')).toHaveLength(3);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled());
  });

  it('sorts by a column header: the same column flips the order, another starts ascending', () => {
    const onSort = jest.fn();
    renderWithIntl(<MissionTable {...base} onSort={onSort} />);
    expect(screen.getByRole('columnheader', { name: /col:name/ })).toHaveAttribute('aria-sort', 'ascending');
    fireEvent.click(screen.getByRole('button', { name: /col:name/ }));
    expect(onSort).toHaveBeenLastCalledWith('name', 'desc');
    fireEvent.click(screen.getByRole('button', { name: /col:id/ }));
    expect(onSort).toHaveBeenLastCalledWith('id', 'asc');
    fireEvent.click(screen.getByRole('button', { name: /col:createdAt/ }));
    expect(onSort).toHaveBeenLastCalledWith('created', 'desc');
    expect(screen.queryByRole('button', { name: /col:status/ })).not.toBeInTheDocument();
  });
});
