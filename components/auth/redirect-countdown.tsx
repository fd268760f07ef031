'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import styles from './auth.module.css';
import { navigateTo } from './navigate';
import { REDIRECT_COUNTDOWN_SECONDS } from './timing';

/**
 * spec §2: after a recovery or verification a visible countdown, then the redirect. The meta
 * refresh does the same without JavaScript.
 */
export function RedirectCountdown({ to, target, seconds = REDIRECT_COUNTDOWN_SECONDS }: { to: string; target: 'profile' | 'dashboard'; seconds?: number }) {
  const t = useTranslations('auth.countdown');
  // null until mounted: the server HTML shows the full count and leaves the redirect to the meta refresh.
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => setLeft(seconds), [seconds]);
  useEffect(() => {
    if (left === null) return;
    if (left <= 0) return navigateTo(to);
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, to]);
  const shown = left ?? seconds;
  return (
    <>
      <meta httpEquiv="refresh" content={`${seconds};url=${to}`} />
      <p role="status" className={styles.countdown} data-seconds={shown}>
        {t(target, { seconds: shown })}
      </p>
      <a href={to}>{t('now')}</a>
    </>
  );
}
