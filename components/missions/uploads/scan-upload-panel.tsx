'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { DatasetType } from '@/lib/shared/schemas/dataset';
import { MissionUpload } from './mission-upload';
import styles from './uploads.module.css';

/** "scans": upload LAS, LAZ, E57, PLY or ZIP scans as datasets of the chosen type (spec §4, default unknown). */
/** `types` come from the server's render (the dataset schema's list): zod stays out of the browser's first load. */
export function ScanUploadPanel({ missionId, types: datasetTypes }: { missionId: number; types: readonly DatasetType[] }) {
  const t = useTranslations('missions.uploads');
  const types = useTranslations('datasets.types');
  const id = useId();
  const [type, setType] = useState<DatasetType>('unknown');
  return (
    <div className={styles.panel} data-testid="scan-upload">
      <h3 className={styles.title}>{t('scans.title')}</h3>
      <label className={styles.type} htmlFor={id}>
        <span>{t('scans.datasetType')}</span>
        <select id={id} value={type} onChange={(e) => setType(e.target.value as DatasetType)}>
          {datasetTypes.map((value) => (
            <option key={value} value={value}>
              {types(value)}
            </option>
          ))}
        </select>
      </label>
      <MissionUpload missionId={missionId} purpose="scan" datasetType={type} placeholder={t('scans.placeholder')} />
    </div>
  );
}
