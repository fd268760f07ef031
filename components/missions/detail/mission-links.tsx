import { useTranslations } from 'next-intl';
import { missionPrint } from '@/lib/client/api/mission-print';
import styles from './detail.module.css';

/**
 * Where a mission leads from its detail page: its print view, its PDF and, for a user who may
 * plan and edit its buildings, the planner with those buildings. Each link is only shown when the
 * page behind it will open for this user.
 */
export function MissionLinks({ missionId, planner }: { missionId: number; planner: boolean }) {
  const t = useTranslations('missions.detail.links');
  return (
    <nav className={styles.links} aria-label={t('label')}>
      <a className={`${styles.button} ${styles.secondary}`} href={`/mission/${missionId}/print`}>
        {t('print')}
      </a>
      <a className={`${styles.button} ${styles.secondary}`} href={missionPrint.missionPdf.url({ params: { id: String(missionId) } })} download>
        {t('pdf')}
      </a>
      {planner && (
        <a className={`${styles.button} ${styles.secondary}`} href={`/planner?mission=${missionId}`}>
          {t('planner')}
        </a>
      )}
    </nav>
  );
}
