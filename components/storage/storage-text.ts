'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { ApiError } from '@/lib/client/fetcher';
import { useAppTimeZone } from '@/lib/i18n/time-zone';
import { formatBytes } from '@/lib/shared/format/bytes';
import { formatDate } from '@/lib/shared/format/date';
import { cachedFormatter } from '@/lib/shared/format/intl-cache';
import { decodeIssue } from '@/lib/shared/validation/issue';

/** Sizes, dates, durations and server reasons of /storage in the user's language. */
export function useStorageText() {
  const root = useTranslations();
  const locale = useLocale();
  const timeZone = useAppTimeZone();
  return useMemo(() => {
    const reason = (encoded: string | null | undefined): string | null => {
      const decoded = encoded ? decodeIssue(encoded) : null;
      return decoded && root.has(decoded.key as never) ? root(decoded.key as never, decoded.values as never) : null;
    };
    return {
      bytes: (n: number | null | undefined) => formatBytes(n, locale),
      date: (value: string | null | undefined, never: string) => formatDate(value, locale, { timeZone, notSet: never }),
      /** Seconds as the largest whole unit that reads naturally ("3 min", "2 h"). */
      duration: (seconds: number) => {
        const [value, unit] = seconds < 90 ? [seconds, 'second'] : seconds < 90 * 60 ? [Math.round(seconds / 60), 'minute'] : [Math.round(seconds / 3600), 'hour'];
        return cachedFormatter(`duration|${locale}|${unit}`, () => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' })).format(value);
      },
      reason,
      /** The server's reason for a refused call, else nothing (the caller shows its spec §8 text). */
      failure: (err: unknown): string | null => {
        if (!(err instanceof ApiError)) return null;
        if (err.code === 'network') return root('errors.connection');
        return reason(typeof err.details?.key === 'string' ? err.details.key : null);
      },
    };
  }, [root, locale, timeZone]);
}
