'use client';

import { useTranslations } from 'next-intl';
import styles from './panelizer.module.css';

/** Over a view while its points load, or when they could not be cut (spec §8 panelizer render failure). */
export function PointsNotice({ loading, failed, retry }: { loading: boolean; failed: boolean; retry: () => void }) {
  const t = useTranslations('panelizer.editor');
  if (failed) {
    return (
      <div className={styles.viewNotice} role="alert">
        {t('errors.render')}{' '}
        <button type="button" onClick={retry}>
          {t('retry')}
        </button>
      </div>
    );
  }
  return loading ? (
    <div className={styles.viewNotice} role="status">
      {t('loadingPoints')}
    </div>
  ) : null;
}
