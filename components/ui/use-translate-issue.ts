'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { translateIssue, type Translate, type ValidationIssue } from '@/lib/shared/validation/issue';

/** Turns a validation issue (or an encoded one from zod / react-hook-form) into display text. */
export function useTranslateIssue() {
  const t = useTranslations();
  return useCallback(
    (source: ValidationIssue | string) => translateIssue(t as unknown as Translate, source),
    [t],
  );
}
