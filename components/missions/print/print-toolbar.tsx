'use client';

import { missionPrint } from '@/lib/client/api/mission-print';
import { useTranslations } from 'next-intl';
import styles from './print.module.css';

/** Screen-only controls above the sheet (hidden on paper and in the PDF). */
export function PrintToolbar({ missionId }: { missionId: number }) {
  const t = useTranslations('missionPrint');
  return (
    <div className={styles.toolbar} data-print="hide">
      <a href={`/mission/${missionId}`}>{t('back')}</a>
      <button type="button" onClick={() => window.print()}>
        {t('print')}
      </button>
      <a href={missionPrint.missionPdf.url({ params: { id: String(missionId) } })} download>
        {t('downloadPdf')}
      </a>
    </div>
  );
}
