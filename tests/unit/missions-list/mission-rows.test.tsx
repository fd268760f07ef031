import { fireEvent, screen } from '@testing-library/react';
import { cellText } from '@/components/missions/list/columns';
import { MissionTable } from '@/components/missions/list/mission-table';
import { jsonFetch } from '@/tests/support/fetch-mock';
import { renderWithIntl } from '@/tests/support/render-with-intl';
import { page } from './fixtures';

// Counts the cells a render computes, keeping what they show.
jest.mock('@/components/missions/list/columns', () => {
  const actual = jest.requireActual('@/components/missions/list/columns');
  return { ...actual, cellText: jest.fn(actual.cellText) };
});

afterEach(() => {
  delete (global as { fetch?: unknown }).fetch;
});

describe('MissionTable rows', () => {
  it('does not render the rows already shown again when the next page is appended', async () => {
    (global as { fetch?: unknown }).fetch = jsonFetch(200, page([3], null));
    renderWithIntl(
      <MissionTable
        columns={['id', 'name', 'status']}
        headerLabel={(c) => c}
        initialPage={page([1, 2], 'CUR/SOR')}
        listQuery="sort=name&order=asc"
        sort="name"
        order="asc"
        onSort={jest.fn()}
        onRetryFirstPage={jest.fn()}
        tagNames={{}}
        userNames={{}}
      />,
    );
    const cells = jest.mocked(cellText);
    const computedFor = (id: number) => cells.mock.calls.filter(([item]) => item.id === id).length;
    const before = [computedFor(1), computedFor(2)];
    expect(before).toEqual([3, 3]);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Mission 3' })).toBeInTheDocument();
    expect(computedFor(3)).toBe(3);
    expect([computedFor(1), computedFor(2)]).toEqual(before);
  });
});
