import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { preload } from 'react-dom';
import { clientCatalogue } from '@/lib/i18n/client-catalogue';
import type { Area } from '@/lib/i18n/client-namespaces';
import type { Locale } from '@/lib/shared/locale';
import { AreaMessages } from './area-messages';

/**
 * Gives the client components below it the messages of their area (lib/i18n/client-namespaces.ts),
 * precompiled for the browser's small formatter (lib/i18n/precompile.ts), as a file the browser
 * fetches once (lib/i18n/client-catalogue.ts). Without an area (the root layout) the shared
 * namespaces; with one, only what the area adds, merged in the browser with what the providers
 * above it gave, so no page carries a namespace twice.
 */
export async function ClientMessages({ area, children }: { area?: Area; children: ReactNode }) {
  const [locale, messages] = await Promise.all([getLocale(), getMessages()]);
  const { src } = clientCatalogue(locale as Locale, area ?? 'shared', messages as Record<string, unknown>);
  // Fetched while the page's scripts load, so hydration need not wait for it.
  preload(src, { as: 'fetch', crossOrigin: 'anonymous' });
  const provider = <AreaMessages src={src}>{children}</AreaMessages>;
  return area ? provider : <NextIntlClientProvider messages={{}}>{provider}</NextIntlClientProvider>;
}
