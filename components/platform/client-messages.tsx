import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { clientMessages, type Area } from '@/lib/i18n/client-namespaces';
import { precompiled } from '@/lib/i18n/precompile';

/**
 * Gives the client components below it the messages of their area (lib/i18n/client-namespaces.ts),
 * precompiled for the browser's small formatter (lib/i18n/precompile.ts).
 */
export async function ClientMessages({ area, children }: { area?: Area; children: ReactNode }) {
  const messages = (await getMessages()) as Record<string, unknown>;
  return <NextIntlClientProvider messages={precompiled(clientMessages(messages, area))}>{children}</NextIntlClientProvider>;
}
