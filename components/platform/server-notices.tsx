'use client';

import { useLocale } from 'next-intl';
import { useEffect } from 'react';
import type { Answer } from '@/lib/client/api/call';
import { myNotifications } from '@/lib/client/api/my-notifications';
import { platform } from '@/lib/client/api/platform';
import { useEndpoint } from '@/lib/client/api/use-endpoint';
import { isLocale } from '@/lib/shared/locale';
import type * as endpoints from '@/lib/shared/api/endpoints/platform';

export type ServerNotice = Answer<typeof endpoints.notifications>['items'][number];

/** A personal notification is asked for again this often (while the page is visible). */
export const PERSONAL_REFRESH_MS = 15_000;

/**
 * The notices the server has for this page (spec §3): the channel's broadcasts and, in the shell
 * (channel global), the signed-in user's personal notifications, read every 15 s. Renders
 * nothing; NotificationsProvider loads it after the page, so SWR is not in the page's first load.
 */
export function ServerNotices({ channel, onChange }: { channel: 'global' | 'auth'; onChange: (notices: { broadcasts: ServerNotice[]; personal: ServerNotice[] }) => void }) {
  const locale = useLocale();
  const language = isLocale(locale) ? locale : undefined;
  const { data } = useEndpoint(platform.notifications, { query: { channel, locale: language } }, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    onError: (err: unknown) => console.error('Failed to load notifications', err),
  });
  const personal = useEndpoint(myNotifications.listMyNotifications, channel === 'global' ? { query: { locale: language } } : null, {
    refreshInterval: PERSONAL_REFRESH_MS,
    revalidateOnFocus: true,
    shouldRetryOnError: false,
    onError: (err: unknown) => console.error('Failed to load personal notifications', err),
  });
  useEffect(() => onChange({ broadcasts: data?.items ?? [], personal: personal.data?.items ?? [] }), [data, personal.data, onChange]);
  return null;
}
