'use client';

import { useTranslations } from 'next-intl';
import styles from './viewer.module.css';

export type ViewerFailureKind = 'dependencies' | 'missionDetails' | 'pointcloud' | 'initialise' | 'noWebgl';

/** spec §8 viewer failures: what failed, in the user's language, with a retry (never a blank canvas). */
export function ViewerFailure({ kind, onRetry }: { kind: ViewerFailureKind; onRetry?: () => void }) {
  const t = useTranslations('viewer');
  return (
    <div className={styles.notice} role="alert" data-testid="viewer-failure" data-kind={kind}>
      <p>{t(`errors.${kind}`)}</p>
      {onRetry && (
        <button type="button" className={styles.button} onClick={onRetry}>
          {t('retry')}
        </button>
      )}
    </div>
  );
}
