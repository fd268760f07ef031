/** @jest-environment node */
import { fillPlaceholders, formatDate, NOT_SET, toDate } from '@/lib/shared/format/date';

describe('formatDate (spec §9)', () => {
  const at = '2026-03-04T13:05:00Z';

  it('uses the long month and a 24-hour clock in the given locale', () => {
    expect(formatDate(at, 'de-DE', { timeZone: 'Europe/Berlin' })).toBe('4. März 2026 um 14:05');
    expect(formatDate(at, 'en-US', { timeZone: 'Europe/Berlin' })).toBe('March 4, 2026 at 14:05');
    expect(formatDate('2026-03-04T23:30:00Z', 'en-GB', { timeZone: 'UTC' })).toBe('4 March 2026 at 23:30');
  });

  it('can leave out the time of day', () => {
    expect(formatDate(at, 'de', { time: false, timeZone: 'UTC' })).toBe('4. März 2026');
  });

  it("shows 'not_set' for unset or invalid dates", () => {
    for (const value of [null, undefined, '', 'not a date']) expect(formatDate(value, 'en')).toBe(NOT_SET);
    expect(NOT_SET).toBe('not_set');
  });

  it('reads numeric timestamps as seconds', () => {
    expect(toDate(1_772_629_500)?.toISOString()).toBe('2026-03-04T13:05:00.000Z');
    expect(formatDate(1_772_629_500, 'en-GB', { timeZone: 'UTC' })).toBe('4 March 2026 at 13:05');
  });
});

describe('fillPlaceholders', () => {
  it('fills ${name} placeholders and leaves unknown ones alone', () => {
    expect(fillPlaceholders('From ${startTime} to ${endTime} (${other})', { startTime: 'A', endTime: 'B' })).toBe('From A to B (${other})');
  });
});
