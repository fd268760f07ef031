/** @jest-environment node */
import { externalDeliveryAfter, isValidDate, parseDateInput, scanAfterStart, toDateOnly, validDate } from '@/lib/shared/validation/dates';

describe('date inputs', () => {
  it('an empty date input is undefined and valid', () => {
    expect(parseDateInput('')).toBeUndefined();
    expect(parseDateInput('   ')).toBeUndefined();
    expect(parseDateInput(null)).toBeUndefined();
    expect(validDate('')).toBeNull();
  });
  it('a real date parses to that UTC calendar day', () => {
    const date = parseDateInput('2026-02-28');
    expect(isValidDate(date)).toBe(true);
    expect(toDateOnly(date!)).toBe('2026-02-28');
    expect(validDate('2028-02-29')).toBeNull();
  });
  it.each(['2026-02-30', '2026-02-29', '2026-13-01', '2026-00-10', 'tomorrow', 'abc'])('%s is not a valid date', (value) => {
    expect(validDate(value)).toEqual({ key: 'validation.invalidDate' });
  });
  it('accepts Date objects and date-times, rejects Invalid Date and other types', () => {
    expect(validDate(new Date('2026-01-05T10:00:00Z'))).toBeNull();
    expect(validDate('2026-01-05T10:00')).toBeNull();
    expect(validDate(new Date(Number.NaN))).toEqual({ key: 'validation.invalidDate' });
    expect(validDate({})).toEqual({ key: 'validation.invalidDate' });
  });
});

describe('external delivery after the pcl and cad dates', () => {
  it('passes when strictly after both', () => {
    expect(externalDeliveryAfter({ external: '2026-03-10', pcl: '2026-03-08', cad: '2026-03-09' })).toBeNull();
  });
  it.each([
    ['on the pcl date', '2026-03-08'],
    ['before the pcl date', '2026-03-01'],
    ['on the cad date', '2026-03-09'],
  ])('fails %s', (_case, external) => {
    expect(externalDeliveryAfter({ external, pcl: '2026-03-08', cad: '2026-03-09' })).toEqual({ key: 'validation.externalDeliveryAfter' });
  });
  it('compares calendar days, not times', () => {
    expect(externalDeliveryAfter({ external: new Date('2026-03-09T23:00:00Z'), pcl: new Date('2026-03-09T08:00:00Z'), cad: undefined })).not.toBeNull();
  });
  it('missing dates impose no constraint', () => {
    expect(externalDeliveryAfter({ external: '', pcl: '2026-03-08', cad: '2026-03-09' })).toBeNull();
    expect(externalDeliveryAfter({ external: '2026-03-09', pcl: '2026-03-08', cad: '' })).toBeNull();
    expect(externalDeliveryAfter({ external: '2026-03-09', pcl: null, cad: '2026-03-10' })).not.toBeNull();
  });
});

describe('scan date-time after start from office', () => {
  it('passes when later, fails when equal or earlier', () => {
    expect(scanAfterStart({ scan: '2026-03-09T09:01:00Z', startFromOffice: '2026-03-09T09:00:00Z' })).toBeNull();
    expect(scanAfterStart({ scan: '2026-03-09T09:00:00Z', startFromOffice: '2026-03-09T09:00:00Z' })).toEqual({ key: 'validation.scanAfterStart' });
    expect(scanAfterStart({ scan: '2026-03-09T08:00:00Z', startFromOffice: '2026-03-09T09:00:00Z' })).toEqual({ key: 'validation.scanAfterStart' });
  });
  it('is silent while either is missing', () => {
    expect(scanAfterStart({ scan: undefined, startFromOffice: '2026-03-09T09:00:00Z' })).toBeNull();
    expect(scanAfterStart({ scan: '2026-03-09T08:00:00Z', startFromOffice: '' })).toBeNull();
  });
});
