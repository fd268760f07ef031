'use client';

import { useTranslations } from 'next-intl';
import { MissionUpload } from './mission-upload';
import styles from './uploads.module.css';

/** "pointcloud and CAD": internal users upload CAD deliverables (DWG, DXF, IFC, PDF) the customer can download. */
export function CadUploadPanel({ missionId }: { missionId: number }) {
  const t = useTranslations('missions.uploads');
  return (
    <div className={styles.panel} data-testid="cad-upload">
      <h3 className={styles.title}>{t('cad.title')}</h3>
      <MissionUpload missionId={missionId} purpose="cad" placeholder={t('cad.placeholder')} />
    </div>
  );
}
