'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { ApiError, messageKeyOf } from '@/lib/client/fetcher';
import { decodeIssue } from '@/lib/shared/validation/issue';

/** A failed tour call in words: the server's message key when we have it, else the action's failure text (spec §8). */
export function useTourFailure() {
  const root = useTranslations();
  return useMemo(() => {
    const has = (key: string) => root.has(key as never);
    const say = (key: string, values?: Record<string, string | number>) => root(key as never, values as never);
    return (err: unknown, fallback: string): string => {
      if (err instanceof ApiError) {
        const key = messageKeyOf(err);
        // The tour verbs answer with their own keys (tours.errors.*), which decodeIssue leaves alone.
        const decoded = key ? (decodeIssue(key) ?? { key, values: undefined }) : null;
        if (decoded && has(decoded.key) && decoded.key !== `errors.code.${err.code}`) return say(decoded.key, decoded.values);
        if (err.code === 'version_conflict') return say('errors.code.version_conflict');
        if (err.code === 'network') return say('errors.connection');
      }
      return say(fallback);
    };
  }, [root]);
}
