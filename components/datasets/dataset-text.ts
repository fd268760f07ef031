'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { ApiError } from '@/lib/client/fetcher';
import { useAppTimeZone } from '@/lib/i18n/time-zone';
import { formatBytes } from '@/lib/shared/format/bytes';
import { formatDate } from '@/lib/shared/format/date';
import { numberFormat } from '@/lib/shared/format/number';
import type { ConversionDto, DatasetStatus, DatasetType } from '@/lib/shared/schemas/dataset';

/**
 * How a dataset's facts read in the user's language, for the pipeline and the mission's "scans":
 * status and type (spec §4), the error reason (a message key the server chose), the conversion's
 * stage with its chunks, the time left, dates (spec §9), sizes and point counts.
 */
export function useDatasetText() {
  const t = useTranslations('datasets');
  const root = useTranslations();
  const locale = useLocale();
  const timeZone = useAppTimeZone();
  return useMemo(() => {
    const has = (key: string) => root.has(key as never);
    const say = (key: string, values?: Record<string, string | number>) => root(key as never, values as never);
    /** A message key from the server (errors.pointcloud.*, errors.datasets.*, errors.code.*). */
    const reason = (key: string | null | undefined) => (key && has(key) ? say(key) : t('unknownError'));
    const stageOf = (c: ConversionDto) => {
      const stage = t(`stages.${c.stage}`);
      return c.stage === 'index' && c.chunksTotal > 0 ? t('stageChunks', { stage, done: c.chunksDone, total: c.chunksTotal }) : stage;
    };
    return {
      status: (s: DatasetStatus) => t(`statuses.${s}`),
      type: (x: DatasetType) => t(`types.${x}`),
      reason,
      /** What the conversion is doing: "indexing 3/8 chunks", "queued", "on hold – merging". */
      stage: (c: ConversionDto | null) => {
        if (!c) return '–';
        if (c.state === 'running') return stageOf(c);
        if (c.state === 'held') return `${t('conversionStates.held')} – ${stageOf(c)}`;
        return t(`conversionStates.${c.state}`);
      },
      remaining: (seconds: number | null | undefined) => {
        if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return t('remaining.unknown');
        if (seconds < 60) return t('remaining.lessThanMinute');
        const minutes = Math.ceil(seconds / 60);
        if (minutes < 60) return t('remaining.minutes', { minutes });
        return t('remaining.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
      },
      date: (value: string | null | undefined) => formatDate(value, locale, { timeZone, notSet: t('notSet') }),
      size: (bytes: number | null | undefined) => formatBytes(bytes, locale),
      points: (n: number | null | undefined) => (n === null || n === undefined ? '–' : numberFormat(locale, 0).format(n)),
      /** A failed call in words: the envelope's message key, else its code's text. */
      failure: (err: unknown) => {
        if (err instanceof ApiError) {
          const key = typeof err.details?.key === 'string' ? err.details.key : null;
          if (key && has(key)) return say(key);
          if (err.code === 'network') return say('errors.connection');
          if (has(`errors.code.${err.code}`)) return say(`errors.code.${err.code}`);
        }
        return say('errors.unknown');
      },
    };
  }, [t, root, locale, timeZone]);
}

export type DatasetText = ReturnType<typeof useDatasetText>;
