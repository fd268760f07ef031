import { fireEvent, screen, within } from '@testing-library/react';
import { MapFiltersBar } from '@/components/map-overview/map-filters';
import { MapLegend } from '@/components/map-overview/map-legend';
import { STATUS_COLORS, statusRing } from '@/components/map-overview/status-colors';
import { MISSION_STATUSES, PROJECT_STEPS } from '@/lib/shared/schemas/mission';
import { renderWithIntl } from '@/tests/support/render-with-intl';

describe('legend', () => {
  it('names every status with its own colour', () => {
    renderWithIntl(<MapLegend statuses={MISSION_STATUSES} />);
    const legend = screen.getByRole('list', { name: 'Mission status colours' });
    expect(within(legend).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Created', 'In progress', 'Scans uploaded', 'Delivered']);
    const colours = MISSION_STATUSES.map((s) => STATUS_COLORS[s]);
    expect(colours.every(Boolean)).toBe(true);
    expect(new Set(colours).size).toBe(MISSION_STATUSES.length);
  });

  it('is translated', () => {
    renderWithIntl(<MapLegend statuses={MISSION_STATUSES} />, { locale: 'de' });
    expect(screen.getByRole('list', { name: 'Farben der Missionsstatus' })).toHaveTextContent('In Bearbeitung');
  });
});

describe('cluster ring', () => {
  it('gives each status a slice sized by its share, in legend order', () => {
    expect(statusRing({ created: 1, in_progress: 0, uploaded: 0, delivered: 3 }, MISSION_STATUSES)).toBe(
      `conic-gradient(${STATUS_COLORS.created} 0% 25%, ${STATUS_COLORS.delivered} 25% 100%)`,
    );
  });
});

describe('filters bar', () => {
  it('switches statuses and the step and offers to clear them', () => {
    const onChange = jest.fn();
    const vocab = { statuses: MISSION_STATUSES, steps: PROJECT_STEPS };
    const { rerender } = renderWithIntl(<MapFiltersBar vocab={vocab} filters={{ status: ['delivered'], step: [] }} onChange={onChange} />);
    expect(screen.getByRole('checkbox', { name: 'Delivered' })).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Created' }));
    expect(onChange).toHaveBeenLastCalledWith({ status: ['created', 'delivered'], step: [] });
    fireEvent.change(screen.getByRole('combobox', { name: 'Step' }), { target: { value: 'scan' } });
    expect(onChange).toHaveBeenLastCalledWith({ status: ['delivered'], step: ['scan'] });
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onChange).toHaveBeenLastCalledWith({ status: [], step: [] });
    rerender(<MapFiltersBar vocab={vocab} filters={{ status: [], step: [] }} onChange={onChange} />);
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });
});
