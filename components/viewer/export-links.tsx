'use client';

import { useTranslations } from 'next-intl';
import { measurements } from '@/lib/client/api/measurements';
import { MEASUREMENT_EXPORT_FORMATS } from '@/lib/shared/schemas/measurement';
import styles from './viewer.module.css';

/** The mission's items as files in the cloud's CRS and unit: CSV, GeoJSON and DXF (issue 16 "exportable"). */
export function ExportLinks({ missionId }: { missionId: number }) {
  const t = useTranslations('viewer.items.export');
  return (
    <nav className={styles.inline} aria-label={t('title')} data-testid="viewer-export">
      <span>{t('title')}</span>
      {MEASUREMENT_EXPORT_FORMATS.map((format) => (
        <a key={format} className={styles.button} href={measurements.exportMeasurements.url({ params: { id: missionId }, query: { format } })} download aria-label={t('as', { format: t(`formats.${format}`) })}>
          {t(`formats.${format}`)}
        </a>
      ))}
    </nav>
  );
}
