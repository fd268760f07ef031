'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import type { Translate } from '@/lib/shared/identity/response';

/** next-intl's `t` in the shape spec §8's handling needs: undefined for a key we have no text for. */
export function useIdentityTranslate(): Translate {
  const t = useTranslations();
  return useCallback((key, values) => (t.has(key) ? t(key, values) : undefined), [t]);
}
