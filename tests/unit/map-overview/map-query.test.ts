import { bboxParam, cellSize, cellSizeFor, clampBbox, MAX_CELLS } from '@/lib/shared/map/map-grid';
import { mapFiltersQuery, mapMissionsUrl, parseMapFilters, toggleValue } from '@/components/map-overview/map-query';
import { mapMissionsQuery } from '@/lib/shared/api/endpoints/map';
import { MISSION_STATUSES, PROJECT_STEPS } from '@/lib/shared/schemas/mission';

const vocab = { statuses: MISSION_STATUSES, steps: PROJECT_STEPS };

describe('filters in the URL', () => {
  it('reads comma-separated and repeated values, in vocabulary order, dropping unknown ones', () => {
    expect(parseMapFilters(new URLSearchParams('status=delivered,created&status=bogus&step=scan'), vocab)).toEqual({ status: ['created', 'delivered'], step: ['scan'] });
    expect(parseMapFilters({ status: ['in_progress', 'in_progress'], step: undefined }, vocab)).toEqual({ status: ['in_progress'], step: [] });
    expect(parseMapFilters({}, vocab)).toEqual({ status: [], step: [] });
  });

  it('writes a readable query and leaves empty filters out', () => {
    expect(mapFiltersQuery({ status: ['created', 'delivered'], step: [] })).toBe('status=created,delivered');
    expect(mapFiltersQuery({ status: [], step: ['scan'] })).toBe('step=scan');
    expect(mapFiltersQuery({ status: [], step: [] })).toBe('');
  });

  it('round-trips through the URL', () => {
    const filters = { status: ['uploaded'], step: ['data', 'deliver'] };
    expect(parseMapFilters(new URLSearchParams(mapFiltersQuery(filters)), vocab)).toEqual(filters);
  });

  it('toggles a value on and off in vocabulary order', () => {
    expect(toggleValue(['delivered'], 'created', MISSION_STATUSES)).toEqual(['created', 'delivered']);
    expect(toggleValue(['created', 'delivered'], 'created', MISSION_STATUSES)).toEqual(['delivered']);
  });
});

describe('the API request of a view', () => {
  it('carries the clamped box, the whole zoom and the filters, and the API accepts it', () => {
    const url = mapMissionsUrl([-200.123456, 47, 15.5, 95], 6.7, { status: ['created'], step: [] });
    expect(url).toBe('/api/v2/map/missions?bbox=-180,47,15.5,90&zoom=6&status=created');
    const query = Object.fromEntries(new URL(url, 'http://x').searchParams);
    expect(mapMissionsQuery.parse(query)).toEqual({ bbox: [-180, 47, 15.5, 90], zoom: 6, status: ['created'] });
  });

  it('rounds the box to 5 decimals', () => {
    expect(bboxParam([10.1234567, 50.000001, 11, 51])).toBe('10.12346,50,11,51');
    expect(clampBbox([-190, -95, 190, 95])).toEqual([-180, -90, 180, 90]);
  });

  it('refuses a box that is inverted or outside the world', () => {
    expect(mapMissionsQuery.safeParse({ bbox: '10,50,9,51', zoom: '6' }).success).toBe(false);
    expect(mapMissionsQuery.safeParse({ bbox: '10,50,11', zoom: '6' }).success).toBe(false);
    expect(mapMissionsQuery.safeParse({ bbox: '10,50,11,91', zoom: '6' }).success).toBe(false);
    expect(mapMissionsQuery.safeParse({ bbox: '10,50,11,51', zoom: '23' }).success).toBe(false);
  });
});

describe('the clustering grid', () => {
  it('halves the cell with each zoom level', () => {
    expect(cellSize(0)).toBe(45);
    expect(cellSize(6)).toBeCloseTo(0.703125);
    expect(cellSize(7.9)).toBe(cellSize(7));
  });

  it('coarsens the grid for a box that would have too many cells', () => {
    const cell = cellSizeFor([-180, -90, 180, 90], 12);
    expect(Math.ceil(360 / cell) * Math.ceil(180 / cell)).toBeLessThanOrEqual(MAX_CELLS);
    expect(cellSizeFor([9.9, 53.5, 10.1, 53.6], 12)).toBe(cellSize(12));
  });
});
