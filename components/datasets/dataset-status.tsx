'use client';

import { useTranslations } from 'next-intl';
import { ProgressBar } from '@/components/ui/progress-bar';
import type { DatasetDto } from '@/lib/shared/schemas/dataset';
import { useDatasetText } from './dataset-text';
import styles from './datasets.module.css';

type Row = Pick<DatasetDto, 'datasetId' | 'status' | 'errorKey' | 'stalledAt' | 'progress'>;

/** Status (spec §4) with the stalled badge and, in status error, the reason in the user's words. */
export function DatasetStatus({ dataset }: { dataset: Row }) {
  const t = useTranslations('datasets');
  const text = useDatasetText();
  return (
    <div className={styles.status}>
      <span data-status={dataset.status}>{text.status(dataset.status)}</span>
      {dataset.stalledAt && (
        <span className={styles.badge} data-badge="stalled" title={t('stalledSince', { date: text.date(dataset.stalledAt) })}>
          {t('stalled')}
        </span>
      )}
      {dataset.status === 'error' && <span className={styles.reason}>{text.reason(dataset.errorKey)}</span>}
    </div>
  );
}

/** spec §5 progress bar of the dataset's current step: red in status error. */
export function DatasetProgress({ dataset }: { dataset: Row }) {
  const t = useTranslations('datasets');
  return <ProgressBar value={dataset.progress} label={t('progressOf', { id: dataset.datasetId })} color={dataset.status === 'error' ? 'red' : 'primary'} />;
}
