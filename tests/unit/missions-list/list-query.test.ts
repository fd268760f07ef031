/** @jest-environment node */
import { hasFilters, listQueryString, missionHref } from '@/components/missions/list/list-query';
import { parseListFilters } from '@/components/missions/list/parse-list-filters';
import { parseColumns } from '@/components/missions/list/table-columns';
import { DEFAULT_TABLE_COLUMNS } from '@/components/missions/list/columns';

describe('mission list filters in the URL', () => {
  it('reads the filters and sort of a deep link, and writes the same link back', () => {
    const url = 'q=halle&status=created,delivered&step=scan&priority=high&companyId=3,4&tagId=7&includeHidden=true&sort=name&order=asc';
    const filters = parseListFilters(new URLSearchParams(url));
    expect(filters).toMatchObject({
      q: 'halle',
      status: ['created', 'delivered'],
      step: ['scan'],
      priority: ['high'],
      companyId: [3, 4],
      tagId: [7],
      includeHidden: true,
      sort: 'name',
      order: 'asc',
    });
    expect(listQueryString(filters)).toBe(url);
  });

  it('accepts repeated parameters as Next passes them (arrays)', () => {
    expect(parseListFilters({ status: ['created', 'uploaded'], sort: 'id' })).toMatchObject({ status: ['created', 'uploaded'], sort: 'id' });
  });

  it('drops a bad value and keeps the rest of the list', () => {
    const filters = parseListFilters({ status: 'nonsense', sort: 'colour', order: 'asc', step: 'scan' });
    expect(filters.status).toBeUndefined();
    expect(filters.sort).toBe('created');
    expect(filters).toMatchObject({ order: 'asc', step: ['scan'] });
  });

  it('leaves the defaults out, so the plain list has a plain address', () => {
    expect(listQueryString(parseListFilters({}))).toBe('');
    expect(listQueryString({ sort: 'created', order: 'desc', includeHidden: false, status: [] })).toBe('');
    expect(hasFilters(parseListFilters({ sort: 'name' }))).toBe(false);
    expect(hasFilters(parseListFilters({ q: 'x' }))).toBe(true);
  });

  it('links a row to its detail page with the list order in `from`', () => {
    expect(missionHref(12, 'status=created&sort=name')).toBe('/mission/12?from=status%3Dcreated%26sort%3Dname');
    expect(new URL(missionHref(12, 'q=a b&tagId=1,2'), 'http://x').searchParams.get('from')).toBe('q=a b&tagId=1,2');
    expect(missionHref(12, '')).toBe('/mission/12');
  });
});

describe('table columns in the URL', () => {
  it('keeps known columns once, in order, and falls back to the default set', () => {
    expect(parseColumns('step,name,bogus,step')).toEqual(['step', 'name']);
    expect(parseColumns(undefined)).toEqual(DEFAULT_TABLE_COLUMNS);
    expect(parseColumns('bogus')).toEqual(DEFAULT_TABLE_COLUMNS);
  });
});
