'use client';

import { useParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import styles from './detail.module.css';

/** The detail page's error boundary: spec §8 'load failed for mission id' and a retry. */
export function MissionLoadError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations();
  const { id } = useParams<{ id: string }>();
  useEffect(() => console.error(error), [error]);
  return (
    <section role="alert" className={styles.denied}>
      <h1>{t('missions.messages.loadFailed', { id })}</h1>
      {error.digest && <p>{t('errors.reference', { id: error.digest })}</p>}
      <p>
        <button type="button" className={styles.button} onClick={reset}>
          {t('errors.retry')}
        </button>
      </p>
    </section>
  );
}
