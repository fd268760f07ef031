'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect } from 'react';
import { isActive, offersOf } from '@/components/datasets/dataset-offers';
import { DatasetRowActions } from '@/components/datasets/dataset-row-actions';
import { DatasetProgress, DatasetStatus } from '@/components/datasets/dataset-status';
import { useDatasetText } from '@/components/datasets/dataset-text';
import { useDatasetActions } from '@/components/datasets/use-dataset-actions';
import datasetStyles from '@/components/datasets/datasets.module.css';
import { datasets as datasetsApi } from '@/lib/client/api/datasets';
import { useEndpoint } from '@/lib/client/api/use-endpoint';
import type { DatasetDto, DatasetType } from '@/lib/shared/schemas/dataset';
import styles from './detail.module.css';

/** How often the scans are read again while one of them is being worked on. */
export const SCANS_REFRESH_MS = 2000;

/**
 * spec §2 "scans" (§3 Dataset): the mission's datasets with file, size, points, status and error
 * reason, progress and time left, read again every two seconds while any is being worked on.
 * Who may process the mission's scans (capability hold) cancels, restarts and changes the type
 * (with the version it read: a stale change says so and reloads the row); internal users mark
 * available scans checked.
 */
export function ScansSection({
  missionId,
  initial,
  types,
  canProcess,
  canCheck,
}: {
  missionId: number;
  initial: DatasetDto[];
  /** spec §4 dataset types, from the server (client code does not import the zod schemas). */
  types: readonly DatasetType[];
  canProcess: boolean;
  canCheck: boolean;
}) {
  const t = useTranslations('missions.detail');
  const d = useTranslations('datasets');
  const text = useDatasetText();
  const { changeType } = useDatasetActions();
  const { data, error, mutate } = useEndpoint(datasetsApi.listMissionDatasets, { params: { id: missionId } }, {
    fallbackData: { items: initial },
    refreshInterval: (latest) => ((latest?.items ?? initial).some(isActive) ? SCANS_REFRESH_MS : 0),
    revalidateOnMount: false,
    revalidateOnFocus: false,
  });
  const items = data?.items ?? initial;
  // A server render of the page (router.refresh() after an upload or an action) brings newer scans.
  useEffect(() => void mutate({ items: initial }, { revalidate: false }), [initial, mutate]);

  const replace = useCallback(
    (updated: DatasetDto) => void mutate((current) => ({ items: (current?.items ?? initial).map((x) => (x.id === updated.id ? updated : x)) }), { revalidate: true }),
    [mutate, initial],
  );

  if (items.length === 0) return <p className={styles.empty}>{t('scans.empty')}</p>;
  return (
    <div className={styles.stack}>
      {error !== undefined && (
        <p role="alert" className={styles.error}>
          {t('scans.loadFailed')}
        </p>
      )}
      <div className={styles.tableWrap}>
        <table className={styles.table} data-testid="scans">
          <thead>
            <tr>
              <th scope="col">{d('columns.datasetId')}</th>
              <th scope="col">{d('columns.filename')}</th>
              <th scope="col">{d('columns.type')}</th>
              <th scope="col" className={styles.numeric}>
                {d('columns.size')}
              </th>
              <th scope="col" className={styles.numeric}>
                {d('columns.points')}
              </th>
              <th scope="col">{d('columns.status')}</th>
              <th scope="col">{d('columns.progress')}</th>
              <th scope="col">{d('columns.createdAt')}</th>
              <th scope="col">{d('columns.lastSeen')}</th>
              {(canProcess || canCheck) && (
                <th scope="col" data-actions>
                  {d('columns.actions')}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {items.map((x) => (
              <tr key={x.id} data-dataset={x.datasetId} data-status={x.status}>
                <th scope="row" className={`${styles.mono} ${styles.nowrap}`}>
                  {x.datasetId}
                </th>
                <td className={styles.filename}>{x.filename ?? '–'}</td>
                <td>
                  {canProcess ? (
                    <select
                      aria-label={d('actions.changeType', { id: x.datasetId })}
                      value={x.type}
                      onChange={(e) => {
                        void changeType(x, e.target.value as DatasetType).then((updated) => updated && replace(updated));
                      }}
                    >
                      {types.map((type) => (
                        <option key={type} value={type}>
                          {text.type(type)}
                        </option>
                      ))}
                    </select>
                  ) : (
                    text.type(x.type)
                  )}
                </td>
                <td className={styles.numeric}>{text.size(x.sizeBytes)}</td>
                <td className={styles.numeric}>{text.points(x.pointCount)}</td>
                <td>
                  <DatasetStatus dataset={x} />
                </td>
                <td className={styles.progress}>
                  <DatasetProgress dataset={x} />
                  {x.conversion && (x.conversion.state === 'running' || x.conversion.state === 'queued' || x.conversion.state === 'held') && (
                    <span className={datasetStyles.muted}>
                      {text.stage(x.conversion)} · {t('scans.timeLeft')}: {text.remaining(x.conversion.secondsLeft)}
                    </span>
                  )}
                </td>
                <td className={styles.nowrap}>{text.date(x.createdAt)}</td>
                <td className={styles.nowrap}>{text.date(x.lastSeenAt)}</td>
                {(canProcess || canCheck) && (
                  <td data-actions>
                    <DatasetRowActions dataset={x} offers={offersOf(x, { canProcess, canCheck })} onChanged={replace} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
