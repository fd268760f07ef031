import { useLocale } from 'next-intl';
import { useCallback } from 'react';
import { formatDate, type DateInput, type FormatDateOptions } from '@/lib/shared/format/date';
import { useAppTimeZone } from './time-zone';

/** Spec §9's one date format (lib/shared/format/date.ts) in the page's locale and time zone. */
export function useDateText(): (value: DateInput, options?: Omit<FormatDateOptions, 'timeZone'>) => string {
  const locale = useLocale();
  const timeZone = useAppTimeZone();
  return useCallback((value, options) => formatDate(value, locale, { ...options, timeZone }), [locale, timeZone]);
}
