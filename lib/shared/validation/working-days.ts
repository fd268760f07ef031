import { isValidDate, parseDateInput, toDateOnly } from './dates';

/** Spec §9: the delivery date auto-fill adds 3 working days. */
export const DELIVERY_WORKING_DAYS = 3;

/** Answers whether a date (its UTC calendar day) is a public holiday. */
export type HolidayCalendar = (date: Date) => boolean;

const DAY_MS = 86_400_000;

/** Easter Sunday (Gregorian, anonymous "Meeus/Jones/Butcher" algorithm) as UTC midnight. */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

/**
 * Public-holiday decision (docs/adr/0002-delivery-working-days.md): Argus works for German
 * customers (German UI, Europe/Berlin), so the default calendar skips the nine public holidays
 * that apply in every German state — New Year, Good Friday, Easter Monday, Labour Day, Ascension,
 * Whit Monday, German Unity Day and both Christmas days. Holidays of single states (e.g. Epiphany,
 * Corpus Christi, Reformation Day) are NOT skipped: a mission is not tied to one state's
 * calendar, and one extra day of margin is not worth a wrong state guess. 24 and 31 December are
 * ordinary working days. The calendar is computed (Easter-based), so it needs no data updates;
 * callers with another calendar pass their own `HolidayCalendar` (or `noHolidays`).
 */
export const germanNationalHolidays: HolidayCalendar = (date) => {
  const month = date.getUTCMonth() + 1;
  const day = date.getUTCDate();
  const fixed = ['1-1', '5-1', '10-3', '12-25', '12-26'];
  if (fixed.includes(`${month}-${day}`)) return true;
  const offset = Math.round((Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), day) - easterSunday(date.getUTCFullYear()).getTime()) / DAY_MS);
  // Good Friday, Easter Monday, Ascension Day, Whit Monday.
  return [-2, 1, 39, 50].includes(offset);
};

export const noHolidays: HolidayCalendar = () => false;

export function isWorkingDay(date: Date, isHoliday: HolidayCalendar = germanNationalHolidays): boolean {
  const weekday = date.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isHoliday(date);
}

/**
 * The day `days` working days after `start` (start itself never counts: "plus 3 working days"
 * from Friday is Wednesday). The time of day is dropped.
 */
export function addWorkingDays(start: Date, days: number, isHoliday: HolidayCalendar = germanNationalHolidays): Date {
  let current = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate());
  let remaining = days;
  while (remaining > 0) {
    current += DAY_MS;
    if (isWorkingDay(new Date(current), isHoliday)) remaining -= 1;
  }
  return new Date(current);
}

/**
 * Spec §5: the delivery date suggestion is the later of the pointcloud and CAD delivery dates
 * plus 3 working days, as 'YYYY-MM-DD'. With only one date it uses that one; with none (or only
 * invalid ones) there is nothing to suggest.
 */
export function deliveryAutoFill(
  dates: { pcl: Date | string | null | undefined; cad: Date | string | null | undefined },
  isHoliday: HolidayCalendar = germanNationalHolidays,
): string | undefined {
  const valid = [dates.pcl, dates.cad].map(parseDateInput).filter(isValidDate);
  if (valid.length === 0) return undefined;
  const latest = new Date(Math.max(...valid.map((d) => d.getTime())));
  return toDateOnly(addWorkingDays(latest, DELIVERY_WORKING_DAYS, isHoliday));
}
