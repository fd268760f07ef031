import { cachedFormatter } from './intl-cache';

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** A file size in the locale's words (decimal units: "1.5 GB", "1,5 GB"); "–" for an unknown one. */
export function formatBytes(value: number | null | undefined, locale: string): string {
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0) return '–';
  let unit = 0;
  let n = value;
  while (n >= 1000 && unit < UNITS.length - 1) {
    n /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || n >= 100 ? 0 : 1;
  return cachedFormatter(`bytes|${locale}|${UNITS[unit]}|${digits}`, () =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: UNITS[unit], unitDisplay: 'short', maximumFractionDigits: digits }),
  ).format(n);
}
