import { cachedFormatter } from './intl-cache';

/** A number format with at most `maximumFractionDigits` decimals in `locale`, made once. */
export function numberFormat(locale: string, maximumFractionDigits: number): Intl.NumberFormat {
  return cachedFormatter(`number|${locale}|${maximumFractionDigits}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits }));
}
