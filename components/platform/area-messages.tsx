'use client';

import { NextIntlClientProvider, useLocale, useMessages } from 'next-intl';
import { useMemo, type ReactNode } from 'react';
import { mergeMessages } from '@/lib/i18n/merge-messages';

/**
 * Adds an area's messages to the ones of the provider above (the root layout's shared
 * namespaces), so a page's payload carries the shared ones once: next-intl's provider replaces
 * the outer messages instead. Time zone, formats and error handling are inherited from the outer
 * provider.
 */
export function AreaMessages({ messages, children }: { messages: Record<string, unknown>; children: ReactNode }) {
  const outer = useMessages() as Record<string, unknown>;
  const locale = useLocale();
  const merged = useMemo(() => mergeMessages(outer, messages), [outer, messages]);
  return (
    <NextIntlClientProvider locale={locale} messages={merged}>
      {children}
    </NextIntlClientProvider>
  );
}
