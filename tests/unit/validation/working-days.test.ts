/** @jest-environment node */
import { addWorkingDays, deliveryAutoFill, easterSunday, germanNationalHolidays, isWorkingDay, noHolidays } from '@/lib/shared/validation/working-days';
import { toDateOnly } from '@/lib/shared/validation/dates';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const plus3 = (iso: string, calendar = germanNationalHolidays) => toDateOnly(addWorkingDays(day(iso), 3, calendar));

describe('working days: weekends are skipped', () => {
  it.each([
    ['Monday', '2026-03-02', '2026-03-05'],
    ['Wednesday', '2026-03-04', '2026-03-09'],
    ['Thursday', '2026-03-05', '2026-03-10'],
    ['Friday', '2026-03-06', '2026-03-11'],
    ['Saturday', '2026-03-07', '2026-03-11'],
    ['Sunday', '2026-03-08', '2026-03-11'],
  ])('%s %s + 3 working days = %s', (_weekday, start, expected) => {
    expect(plus3(start)).toBe(expected);
  });
});

describe('working days: German nationwide public holidays are skipped (ADR 0002)', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('Easter Sunday %i is %s', (year, expected) => {
    expect(toDateOnly(easterSunday(year))).toBe(expected);
  });

  it.each([
    ['New Year', '2026-01-01'],
    ['Good Friday', '2026-04-03'],
    ['Easter Monday', '2026-04-06'],
    ['Labour Day', '2026-05-01'],
    ['Ascension Day', '2026-05-14'],
    ['Whit Monday', '2026-05-25'],
    ['German Unity Day', '2026-10-03'],
    ['Christmas Day', '2026-12-25'],
    ['Boxing Day', '2026-12-26'],
  ])('%s (%s) is a holiday', (_name, iso) => {
    expect(germanNationalHolidays(day(iso))).toBe(true);
  });

  it.each([
    ['Epiphany (some states only)', '2026-01-06'],
    ['Corpus Christi (some states only)', '2026-06-04'],
    ['Reformation Day (some states only)', '2026-10-31'],
    ['Christmas Eve', '2026-12-24'],
    ["New Year's Eve", '2026-12-31'],
    ['Easter Tuesday', '2026-04-07'],
  ])('%s (%s) is not', (_name, iso) => {
    expect(germanNationalHolidays(day(iso))).toBe(false);
  });

  it('skips Good Friday and Easter Monday', () => {
    expect(plus3('2026-04-01')).toBe('2026-04-08');
    expect(plus3('2026-04-01', noHolidays)).toBe('2026-04-06');
  });
  it('skips German Unity Day on a Friday', () => {
    expect(plus3('2025-10-02')).toBe('2025-10-08');
  });
  it('counts Christmas Eve but not Christmas Day', () => {
    expect(plus3('2026-12-22')).toBe('2026-12-28');
  });
  it('does not skip regional holidays such as Corpus Christi', () => {
    expect(plus3('2026-06-03')).toBe('2026-06-08');
  });
  it('the start day never counts, even when it is a working day', () => {
    expect(isWorkingDay(day('2026-03-02'))).toBe(true);
    expect(toDateOnly(addWorkingDays(day('2026-03-02'), 1))).toBe('2026-03-03');
  });
});

describe('delivery date auto-fill', () => {
  it('takes the later of the pointcloud and CAD dates plus 3 working days', () => {
    expect(deliveryAutoFill({ pcl: '2026-03-02', cad: '2026-03-09' })).toBe('2026-03-12');
    expect(deliveryAutoFill({ pcl: '2026-03-09', cad: '2026-03-02' })).toBe('2026-03-12');
  });
  it('uses the one date it has and suggests nothing without any', () => {
    expect(deliveryAutoFill({ pcl: '2026-03-06', cad: '' })).toBe('2026-03-11');
    expect(deliveryAutoFill({ pcl: undefined, cad: new Date('2026-03-06T00:00:00Z') })).toBe('2026-03-11');
    expect(deliveryAutoFill({ pcl: '', cad: null })).toBeUndefined();
    expect(deliveryAutoFill({ pcl: '2026-02-30', cad: '' })).toBeUndefined();
  });
  it('applies the holiday calendar, which callers may replace', () => {
    expect(deliveryAutoFill({ pcl: '2026-04-01', cad: '2026-03-31' })).toBe('2026-04-08');
    expect(deliveryAutoFill({ pcl: '2026-04-01', cad: '2026-03-31' }, noHolidays)).toBe('2026-04-06');
  });
});
