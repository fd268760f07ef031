'use client';

import { NextIntlClientProvider, useLocale, useMessages } from 'next-intl';
import { use, useMemo, type ReactNode } from 'react';
import { registeredCatalogue } from '@/lib/i18n/catalogue-registry';
import { mergedMessages } from '@/lib/i18n/merge-messages';

type Messages = Record<string, unknown>;

/** Each message file the browser asked for, once: its name changes with its content. */
const fetched = new Map<string, Promise<Messages>>();

const ATTEMPTS = 3;

async function fetchCatalogue(src: string): Promise<Messages> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(src, { credentials: 'same-origin' });
      if (response.ok) return (await response.json()) as Messages;
      if (attempt >= ATTEMPTS) throw new Error(`${src}: HTTP ${response.status}`);
    } catch (err) {
      if (attempt >= ATTEMPTS) throw err;
    }
    await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
  }
}

function useCatalogue(src: string): Messages {
  // The server renders with what the file holds (lib/i18n/client-catalogue.ts registered it).
  if (typeof window === 'undefined') {
    const messages = registeredCatalogue(src);
    if (!messages) throw new Error(`${src} is not a registered message file`);
    return messages;
  }
  let request = fetched.get(src);
  if (!request) {
    fetched.set(src, (request = fetchCatalogue(src)));
    // A file that could not be fetched is asked for again by the next render that needs it.
    request.catch(() => fetched.delete(src));
  }
  return use(request);
}

/**
 * Adds a message file's namespaces (lib/i18n/client-catalogue.ts) to those of the provider above:
 * the root layout's shared ones, then an area's. next-intl's provider would replace the outer
 * messages instead. Time zone, formats and error handling are inherited from the outer provider.
 * In the browser the provider waits for its file (the page's head preloads it); the server's HTML
 * already shows the text.
 */
export function AreaMessages({ src, children }: { src: string; children: ReactNode }) {
  const messages = useCatalogue(src);
  const outer = useMessages() as Messages;
  const locale = useLocale();
  const merged = useMemo(() => mergedMessages(outer, messages), [outer, messages]);
  return (
    <NextIntlClientProvider locale={locale} messages={merged}>
      {children}
    </NextIntlClientProvider>
  );
}
