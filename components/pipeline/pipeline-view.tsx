'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { datasets } from '@/lib/client/api/datasets';
import { useEndpoint } from '@/lib/client/api/use-endpoint';
import type { PipelineItemDto } from '@/lib/shared/schemas/dataset';
import { PipelineFiltersBar } from './pipeline-filters';
import { pipelineApiQuery, pipelineFiltersQuery, type PipelineFilters, type PipelineVocabulary } from './pipeline-query';
import { PipelineTable } from './pipeline-table';
import styles from './pipeline.module.css';

/** How often the list is read again while the page is visible (SWR pauses while it is hidden). */
export const PIPELINE_REFRESH_MS = 2000;

/**
 * spec §2 /pipeline: every dataset of the user's missions with its status, progress, stage, time
 * left and last seen, filtered by status, type and mission, updated every two seconds without a
 * reload. A failed read says so (spec §8 'Failed to load!') and keeps showing the last data.
 */
export function PipelineView({
  initialFilters,
  initialItems,
  vocab,
  canCheck,
}: {
  initialFilters: PipelineFilters;
  /** The first read on the server; null when it failed. */
  initialItems: PipelineItemDto[] | null;
  vocab: PipelineVocabulary;
  /** Internal users mark available datasets checked. */
  canCheck: boolean;
}) {
  const t = useTranslations('pipeline');
  const [filters, setFilters] = useState(initialFilters);
  const [first] = useState(() => pipelineFiltersQuery(initialFilters));
  const query = pipelineApiQuery(filters);
  const { data, error, mutate } = useEndpoint(datasets.listDatasets, { query }, {
    refreshInterval: PIPELINE_REFRESH_MS,
    revalidateOnFocus: true,
    keepPreviousData: true,
    // The server's first read stands for the first filters only.
    fallbackData: initialItems && pipelineFiltersQuery(filters) === first ? { items: initialItems } : undefined,
  });

  useEffect(() => {
    const search = pipelineFiltersQuery(filters);
    window.history.replaceState(window.history.state, '', search ? `?${search}` : window.location.pathname);
  }, [filters]);

  const replace = useCallback(
    (updated: Partial<PipelineItemDto> & { id: number }) =>
      void mutate((current) => current && { items: current.items.map((i) => (i.id === updated.id ? { ...i, ...updated } : i)) }, { revalidate: true }),
    [mutate],
  );
  const reload = useCallback(() => void mutate(), [mutate]);

  const items = data?.items ?? null;
  return (
    <section className={styles.page} aria-labelledby="pipeline-title">
      <header className={styles.header}>
        <h1 id="pipeline-title">{t('title')}</h1>
        <p className={styles.intro}>{t('intro')}</p>
      </header>
      <PipelineFiltersBar filters={filters} vocab={vocab} onChange={setFilters} />
      {error !== undefined && (
        <p role="alert" className={styles.error}>
          {items ? t('loadFailedStale') : t('loadFailed')}
        </p>
      )}
      {items && (
        <>
          <p className={styles.count} aria-live="polite">
            {t('count', { count: items.length })}
          </p>
          {items.length === 0 ? (
            <p className={styles.empty}>{filters.activeOnly && filters.status.length === 0 && !filters.type && !filters.missionId ? t('emptyActive') : t('empty')}</p>
          ) : (
            <PipelineTable items={items} canCheck={canCheck} onChanged={replace} onMissionChanged={reload} />
          )}
        </>
      )}
    </section>
  );
}
