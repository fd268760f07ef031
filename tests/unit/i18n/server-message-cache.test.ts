import { _createCache, _createIntlFormatters, createTranslator } from 'use-intl/core';
import { serverMessageCache } from '@/lib/i18n/server-message-cache';

/* Server components' translators (lib/i18n/request.ts): messages compiled once per process, not per request. */

const messages = { missions: { detail: { title: 'Mission {id}', scans: '{n, plural, one {# scan} other {# scans}}' } } };

/** A translator as next-intl makes one for each request: its own Intl formatters, the process's message cache. */
const perRequest = (locale: string) =>
  createTranslator({ locale, messages, timeZone: 'Europe/Berlin', namespace: 'missions.detail', _cache: serverMessageCache, _formatters: _createIntlFormatters(_createCache()) });

describe('server message compilation', () => {
  it('formats each request with its own values from messages compiled once', () => {
    expect(perRequest('en')('title', { id: 5 })).toBe('Mission 5');
    const compiled = Object.keys(serverMessageCache.message).length;
    expect(compiled).toBeGreaterThan(0);
    expect(perRequest('en')('title', { id: 6 })).toBe('Mission 6');
    expect(Object.keys(serverMessageCache.message)).toHaveLength(compiled);
    // Another message, another locale: compiled once each as well.
    expect(perRequest('de')('scans', { n: 2 })).toBe('2 scans');
    expect(perRequest('de')('scans', { n: 1 })).toBe('1 scan');
    expect(Object.keys(serverMessageCache.message)).toHaveLength(compiled + 1);
  });
});
