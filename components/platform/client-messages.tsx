import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { areaMessages, clientMessages, type Area } from '@/lib/i18n/client-namespaces';
import { precompiled } from '@/lib/i18n/precompile';
import { AreaMessages } from './area-messages';

/**
 * Gives the client components below it the messages of their area (lib/i18n/client-namespaces.ts),
 * precompiled for the browser's small formatter (lib/i18n/precompile.ts). Without an area (the root
 * layout) the shared namespaces; with one, only what the area adds, merged in the browser with what
 * the providers above it sent, so no page carries a namespace twice.
 */
export async function ClientMessages({ area, children }: { area?: Area; children: ReactNode }) {
  const messages = (await getMessages()) as Record<string, unknown>;
  if (!area) return <NextIntlClientProvider messages={precompiled(clientMessages(messages))}>{children}</NextIntlClientProvider>;
  return <AreaMessages messages={precompiled(areaMessages(messages, area))}>{children}</AreaMessages>;
}
