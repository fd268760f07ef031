import { headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { APP_TIME_ZONE, negotiateLocale, type Locale } from '@/lib/shared/locale';
import en from '@/messages/en.json';
import de from '@/messages/de.json';
import { serverMessageCache } from './server-message-cache';

const catalogues: Record<Locale, typeof en> = { en, de };

// No locale in URLs (ARCHITECTURE §2): the language comes from Accept-Language on every request.
export default getRequestConfig(async () => {
  const locale = negotiateLocale((await headers()).get('accept-language'));
  // `_cache` is use-intl's own option (createTranslator), passed through by next-intl: see server-message-cache.ts.
  return { locale, messages: catalogues[locale], timeZone: APP_TIME_ZONE, _cache: serverMessageCache };
});
