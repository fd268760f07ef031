'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { ApiError } from '@/lib/client/fetcher';
import { useAppTimeZone } from '@/lib/i18n/time-zone';
import { formatDate } from '@/lib/shared/format/date';
import { decodeIssue } from '@/lib/shared/validation/issue';

/** A failed blurring call in words: the server's message key (with its values), else the action's failure text. */
export function useBlurringText() {
  const root = useTranslations();
  const locale = useLocale();
  const timeZone = useAppTimeZone();
  return useMemo(() => {
    const has = (key: string) => root.has(key as never);
    const say = (key: string, values?: Record<string, string | number>) => root(key as never, values as never);
    return {
      failure: (err: unknown, fallback: string) => {
        if (err instanceof ApiError) {
          const decoded = typeof err.details?.key === 'string' ? decodeIssue(err.details.key) : null;
          if (decoded && decoded.key !== 'errors.code.' + err.code && has(decoded.key)) return say(decoded.key, decoded.values);
          if (err.code === 'version_conflict') return say('errors.blurring.stale');
          if (err.code === 'network') return say('errors.connection');
        }
        return say(fallback);
      },
      date: (value: string | null | undefined) => formatDate(value, locale, { timeZone, notSet: '–' }),
    };
  }, [root, locale, timeZone]);
}
