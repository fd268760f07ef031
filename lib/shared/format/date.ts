import { cachedFormatter } from './intl-cache';

/** Spec §9: an unset date shows this text. */
export const NOT_SET = 'not_set';

export type DateInput = Date | string | number | null | undefined;

/** Spec §9: numeric timestamps count as seconds. Returns undefined for unset or invalid input. */
export function toDate(value: DateInput): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export interface FormatDateOptions {
  /** Include the time of day (24-hour clock). Default true. */
  time?: boolean;
  timeZone?: string;
  /** Shown for unset dates; default 'not_set'. */
  notSet?: string;
}

/**
 * The one date formatter (spec §9): long month name, 24-hour clock, in the given (browser) locale.
 * e.g. en → "March 4, 2026 at 14:05", de → "4. März 2026 um 14:05".
 */
export function formatDate(value: DateInput, locale: string, options: FormatDateOptions = {}): string {
  const date = toDate(value);
  if (!date) return options.notSet ?? NOT_SET;
  return formatter(locale, options.time !== false, options.timeZone).format(date);
}

function formatter(locale: string, time: boolean, timeZone: string | undefined): Intl.DateTimeFormat {
  return cachedFormatter(`date|${locale}|${time}|${timeZone ?? ''}`, () =>
    new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      ...(time && { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
      timeZone,
    }),
  );
}

/** Replaces `${name}` placeholders, as the maintenance notice text uses them. */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\$\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
}
