'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { ApiError } from '@/lib/client/fetcher';
import { decodeIssue } from '@/lib/shared/validation/issue';

/** A failed panelizer call in words: the server's message key when we have one (e.g. no point cloud yet), else the action's failure text. */
export function useStosimFailure() {
  const root = useTranslations();
  return useMemo(() => {
    const say = (key: string, values?: Record<string, string | number>) => root(key as never, values as never);
    return (err: unknown, fallback: string): string => {
      if (err instanceof ApiError) {
        const decoded = typeof err.details?.key === 'string' ? decodeIssue(err.details.key) : null;
        if (decoded && root.has(decoded.key as never) && decoded.key !== `errors.code.${err.code}`) return say(decoded.key, decoded.values);
        if (err.code === 'version_conflict') return say('errors.code.version_conflict');
        if (err.code === 'network') return say('errors.connection');
      }
      return say(fallback);
    };
  }, [root]);
}
