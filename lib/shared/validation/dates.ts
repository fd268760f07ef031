import { issue, type ValidationIssue } from './issue';

/*
 * Date-only values ('YYYY-MM-DD' from <input type="date">) are handled as UTC midnight, which is
 * what `new Date('YYYY-MM-DD')` and `z.coerce.date()` produce; comparing their UTC calendar day
 * keeps a delivery date the same day on a server in UTC and a browser in Berlin.
 */
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Spec §5: an empty date input counts as undefined. Anything else becomes a Date, which is an
 * Invalid Date (NaN time) when it is not a real date — including impossible days such as
 * 2026-02-30, which JavaScript would otherwise silently roll over to 2 March.
 */
export function parseDateInput(value: unknown): Date | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (value instanceof Date) return new Date(value.getTime());
  if (typeof value === 'number') return new Date(value);
  if (typeof value !== 'string') return new Date(Number.NaN);
  const text = value.trim();
  if (text === '') return undefined;
  const parts = DATE_ONLY.exec(text);
  if (parts) {
    const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    const exists = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
    return exists ? date : new Date(Number.NaN);
  }
  return new Date(text);
}

export function isValidDate(value: unknown): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

/** Valid when empty (undefined) or a real date. */
export function validDate(value: unknown): ValidationIssue | null {
  const date = parseDateInput(value);
  return date === undefined || isValidDate(date) ? null : issue('validation.invalidDate');
}

/** 'YYYY-MM-DD' of the UTC calendar day. */
export function toDateOnly(date: Date): string {
  return date.toISOString().slice(0, 10);
}

type DateLike = Date | string | null | undefined;

function validOrUndefined(value: DateLike): Date | undefined {
  const date = parseDateInput(value);
  return isValidDate(date) ? date : undefined;
}

/**
 * Spec §5: the external delivery date must be after the pcl and the cad delivery dates
 * (calendar days, strictly later). Missing dates impose no constraint — they are optional and
 * checked by `validDate` on their own.
 */
export function externalDeliveryAfter(dates: { external: DateLike; pcl: DateLike; cad: DateLike }): ValidationIssue | null {
  const external = validOrUndefined(dates.external);
  if (!external) return null;
  const day = toDateOnly(external);
  const tooEarly = [dates.pcl, dates.cad]
    .map(validOrUndefined)
    .some((other) => other !== undefined && day <= toDateOnly(other));
  return tooEarly ? issue('validation.externalDeliveryAfter') : null;
}

/** Spec §5: the scan date-time must be strictly after the start from the office. */
export function scanAfterStart(dates: { scan: DateLike; startFromOffice: DateLike }): ValidationIssue | null {
  const scan = validOrUndefined(dates.scan);
  const start = validOrUndefined(dates.startFromOffice);
  if (!scan || !start) return null;
  return scan.getTime() > start.getTime() ? null : issue('validation.scanAfterStart');
}
