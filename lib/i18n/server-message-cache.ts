import { _createCache } from 'use-intl/core';

/**
 * Where server components' translators keep the ICU messages they compile, for the life of the
 * process. next-intl gives each request a fresh cache, so every request parsed again each message
 * it formatted with values ("Mission {id}", the page title, …: a new IntlMessageFormat with its
 * locale resolution each time). A compiled message depends only on its text, locale and formats,
 * which its cache key holds; the values come with each call. The request config hands this to
 * next-intl as `_cache` (lib/i18n/request.ts); Intl formatters stay per request (`_formatters`).
 */
export const serverMessageCache = _createCache();
