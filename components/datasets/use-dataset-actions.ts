'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { useNotify } from '@/components/platform/notifications';
import { datasets } from '@/lib/client/api/datasets';
import { ApiError } from '@/lib/client/fetcher';
import type { DatasetDto, DatasetType } from '@/lib/shared/schemas/dataset';
import { useDatasetText } from './dataset-text';

export type DatasetAction = 'cancel' | 'restart' | 'check';

const CALLS = {
  cancel: datasets.cancelDataset,
  restart: datasets.restartDataset,
  check: datasets.checkDataset,
} as const;

/**
 * The dataset row actions as calls that tell the user how they went: success in words, a refusal
 * in the server's words (details.key), a stale type change (409) as "someone changed it" with the
 * row read again. Each answers the changed dataset, or null when nothing changed.
 */
export function useDatasetActions() {
  const t = useTranslations('datasets');
  const text = useDatasetText();
  const notify = useNotify();

  const run = useCallback(
    async (action: DatasetAction, d: Pick<DatasetDto, 'id' | 'datasetId'>): Promise<DatasetDto | null> => {
      try {
        const updated = await CALLS[action]({ params: { id: d.id } });
        notify({ type: 'success', text: t(`done.${action}`, { id: d.datasetId }) });
        return updated;
      } catch (err) {
        notify({ type: 'error', text: t('actionFailed', { action: t(`actions.${action}`), reason: text.failure(err) }) });
        return null;
      }
    },
    [notify, t, text],
  );

  const changeType = useCallback(
    async (d: Pick<DatasetDto, 'id' | 'datasetId' | 'version'>, type: DatasetType): Promise<DatasetDto | null> => {
      try {
        const updated = await datasets.updateDataset({ params: { id: d.id }, body: { type, version: d.version } });
        notify({ type: 'success', text: t('done.type', { id: d.datasetId, type: text.type(type) }) });
        return updated;
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) {
          notify({ type: 'error', text: t('conflict', { id: d.datasetId }) });
          return datasets.getDataset({ params: { id: d.id } }).catch(() => null);
        }
        notify({ type: 'error', text: t('actionFailed', { action: t('actions.changeType', { id: d.datasetId }), reason: text.failure(err) }) });
        return null;
      }
    },
    [notify, t, text],
  );

  return { run, changeType };
}
