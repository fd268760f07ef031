'use client';

import { useLocale, useTranslations } from 'next-intl';
import { platform } from '@/lib/client/api/platform';
import { useEndpoint } from '@/lib/client/api/use-endpoint';
import { fillPlaceholders, formatDate } from '@/lib/shared/format/date';
import { isLocale } from '@/lib/shared/locale';
import styles from './maintenance-banner.module.css';

/** Spec §3/§9 maintenance notice: shown while one is scheduled; a failed fetch is only logged. */
export function MaintenanceBanner() {
  const locale = useLocale();
  const t = useTranslations('maintenance');
  const { data } = useEndpoint(platform.maintenance, { query: { locale: isLocale(locale) ? locale : undefined } }, {
    revalidateOnFocus: false,
    refreshInterval: 5 * 60_000,
    shouldRetryOnError: false,
    onError: (err: unknown) => console.error('Failed to load the maintenance notice', err),
  });
  if (!data?.text || !data.startTime || !data.endTime) return null;
  const text = fillPlaceholders(data.text, {
    startTime: formatDate(data.startTime, locale),
    endTime: formatDate(data.endTime, locale),
  });
  return (
    <div className={styles.banner} role="status" aria-label={t('label')} data-testid="maintenance-notice">
      {text}
    </div>
  );
}
