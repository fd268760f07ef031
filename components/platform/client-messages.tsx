import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { clientMessages, type Area } from '@/lib/i18n/client-namespaces';

/** Gives the client components below it the messages of their area (lib/i18n/client-namespaces.ts). */
export async function ClientMessages({ area, children }: { area?: Area; children: ReactNode }) {
  const messages = (await getMessages()) as Record<string, unknown>;
  return <NextIntlClientProvider messages={clientMessages(messages, area)}>{children}</NextIntlClientProvider>;
}
