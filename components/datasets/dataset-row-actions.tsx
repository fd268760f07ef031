'use client';

import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { DatasetDto } from '@/lib/shared/schemas/dataset';
import type { Offers } from './dataset-offers';
import { useDatasetActions, type DatasetAction } from './use-dataset-actions';
import styles from './datasets.module.css';

/**
 * A dataset's row actions: cancel (asks first: the partial output goes), restart, mark checked.
 * `children` are more buttons of the caller's (the pipeline's hold and resume of the mission).
 */
export function DatasetRowActions({
  dataset,
  offers,
  onChanged,
  children,
}: {
  dataset: DatasetDto;
  offers: Offers;
  /** The dataset as the action answered it. */
  onChanged: (updated: DatasetDto) => void;
  children?: ReactNode;
}) {
  const t = useTranslations('datasets');
  const { run } = useDatasetActions();
  const [pending, setPending] = useState(false);
  const [asking, setAsking] = useState(false);

  async function act(action: DatasetAction) {
    setPending(true);
    const updated = await run(action, dataset);
    setPending(false);
    setAsking(false);
    if (updated) onChanged(updated);
  }

  const button = (action: DatasetAction, onClick: () => void) => (
    <button type="button" className={styles.action} disabled={pending} onClick={onClick} aria-label={`${t(`actions.${action}`)}: ${dataset.datasetId}`}>
      {t(`actions.${action}`)}
    </button>
  );

  return (
    <div className={styles.actions}>
      {offers.cancel && button('cancel', () => setAsking(true))}
      {offers.restart && button('restart', () => void act('restart'))}
      {offers.check && button('check', () => void act('check'))}
      {children}
      {asking && (
        <ConfirmDialog
          title={t('confirmCancel.title', { id: dataset.datasetId })}
          message={t('confirmCancel.text')}
          confirmLabel={t('confirmCancel.button')}
          cancelLabel={t('confirmCancel.keep')}
          pending={pending}
          onConfirm={() => void act('cancel')}
          onCancel={() => setAsking(false)}
        />
      )}
    </div>
  );
}
