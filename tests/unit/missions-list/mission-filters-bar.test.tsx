import { act, fireEvent, screen, within } from '@testing-library/react';
import { MissionFiltersBar, type FilterOptions, type FilterVisibility, type ListVocabulary } from '@/components/missions/list/mission-filters-bar';
import { parseListFilters } from '@/components/missions/list/parse-list-filters';
import { MISSION_PRIORITIES, MISSION_STATUSES, PROJECT_STEPS } from '@/lib/shared/schemas/mission';
import { MISSION_SORTS } from '@/lib/shared/schemas/mission-view';
import { MISSION_TABLE_COLUMNS } from '@/lib/shared/schemas/table-preset';
import { renderWithIntl } from '@/tests/support/render-with-intl';

const options: FilterOptions = {
  companies: [{ value: '3', label: 'Nord GmbH' }, { value: '4', label: 'Rheinland KG' }],
  customers: [{ value: '6', label: 'Nord Zentrale (6)' }],
  users: [{ value: '0b6f3a52-1c1e-4a4b-9d1c-6f0a1c2b3d4e', label: 'Oliver Ostermann' }],
  tags: [{ value: '7', label: 'Dringend' }],
};
const vocab: ListVocabulary = { statuses: MISSION_STATUSES, steps: PROJECT_STEPS, priorities: MISSION_PRIORITIES, sorts: MISSION_SORTS, tableColumns: MISSION_TABLE_COLUMNS };
const all: FilterVisibility = { company: true, customer: true, assignee: true, includeHidden: true };

function setup(url = '', visible = all, fixed = {}) {
  const onApply = jest.fn();
  renderWithIntl(<MissionFiltersBar filters={parseListFilters(new URLSearchParams(url))} options={options} visible={visible} vocab={vocab} fixed={fixed} onApply={onApply} />);
  return onApply;
}

describe('MissionFiltersBar', () => {
  it('shows the filters of the URL as chosen', () => {
    setup('status=delivered&companyId=4&includeHidden=true&sort=name&order=asc');
    expect(within(screen.getByRole('group', { name: 'Status' })).getByRole('checkbox', { name: 'Delivered' })).toBeChecked();
    expect(within(screen.getByRole('group', { name: 'Company' })).getByRole('checkbox', { name: 'Rheinland KG' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Show hidden missions' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('name');
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveValue('asc');
    expect(screen.getByText('Status: 1 selected')).toBeInTheDocument();
  });

  it('puts a checked value into the filters at once, keeping the others and the sort; quick changes build on each other', () => {
    const onApply = setup('status=delivered&sort=name&order=asc');
    fireEvent.click(within(screen.getByRole('group', { name: 'Status' })).getByRole('checkbox', { name: 'Created' }));
    expect(onApply).toHaveBeenLastCalledWith(expect.objectContaining({ status: ['created', 'delivered'], sort: 'name', order: 'asc' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Tags' })).getByRole('checkbox', { name: 'Dringend' }));
    // The URL has not re-rendered yet: the box shows the choice, and the next change keeps it.
    expect(within(screen.getByRole('group', { name: 'Status' })).getByRole('checkbox', { name: 'Created' })).toBeChecked();
    expect(onApply).toHaveBeenLastCalledWith(expect.objectContaining({ status: ['created', 'delivered'], tagId: [7], sort: 'name' }));
  });

  it('changes the sort and the order', () => {
    const onApply = setup('q=halle');
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'priority' } });
    expect(onApply).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'halle', sort: 'priority' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Order' }), { target: { value: 'asc' } });
    expect(onApply).toHaveBeenLastCalledWith(expect.objectContaining({ order: 'asc' }));
  });

  it('searches 500 ms after the last keystroke', () => {
    jest.useFakeTimers();
    try {
      const onApply = setup();
      const box = screen.getByRole('searchbox', { name: 'Search' });
      fireEvent.change(box, { target: { value: 'hal' } });
      act(() => jest.advanceTimersByTime(300));
      fireEvent.change(box, { target: { value: 'halle ' } });
      act(() => jest.advanceTimersByTime(499));
      expect(onApply).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(1));
      expect(onApply).toHaveBeenCalledTimes(1);
      expect(onApply).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'halle' }));
    } finally {
      jest.useRealTimers();
    }
  });

  it('clears the filters but keeps the sort', () => {
    const onApply = setup('status=created&q=x&sort=id&order=asc');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onApply).toHaveBeenLastCalledWith({ sort: 'id', order: 'asc' });
  });

  it('offers company, assignee and hidden missions only to those who may use them', () => {
    setup('', { company: false, customer: true, assignee: false, includeHidden: false });
    expect(screen.queryByRole('group', { name: 'Company' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Assigned user' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Show hidden missions' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Customer' })).toBeInTheDocument();
  });

  it('keeps a filter the page sets itself (assigned to me) out of what it applies', () => {
    const onApply = setup('assignedTo=me', all, { assignedTo: 'me' });
    fireEvent.click(within(screen.getByRole('group', { name: 'Priority' })).getByRole('checkbox', { name: 'Urgent' }));
    expect(onApply.mock.calls[0][0]).not.toHaveProperty('assignedTo');
    expect(onApply.mock.calls[0][0]).toMatchObject({ priority: ['urgent'] });
  });
});
