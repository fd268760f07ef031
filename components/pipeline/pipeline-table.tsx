'use client';

import { Link } from '@/components/ui/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { offersOf } from '@/components/datasets/dataset-offers';
import { DatasetRowActions } from '@/components/datasets/dataset-row-actions';
import { DatasetProgress, DatasetStatus } from '@/components/datasets/dataset-status';
import { useDatasetText } from '@/components/datasets/dataset-text';
import { useNotify } from '@/components/platform/notifications';
import { missions } from '@/lib/client/api/missions';
import type { DatasetDto, PipelineItemDto } from '@/lib/shared/schemas/dataset';
import datasetStyles from '@/components/datasets/datasets.module.css';
import styles from './pipeline.module.css';

/**
 * The pipeline's rows. Everyone who sees /pipeline (admin, advanced, operator) may process the
 * scans of the missions it lists (mission capability hold), so cancel, restart, hold and resume
 * are offered by state; marking checked is for internal users. The actions column stays in view
 * when the table scrolls sideways (narrow screens).
 */
export function PipelineTable({
  items,
  canCheck,
  onChanged,
  onMissionChanged,
}: {
  items: PipelineItemDto[];
  canCheck: boolean;
  onChanged: (updated: DatasetDto) => void;
  onMissionChanged: () => void;
}) {
  const t = useTranslations('datasets');
  const p = useTranslations('pipeline');
  const text = useDatasetText();
  const notify = useNotify();
  const [holding, setHolding] = useState<number | null>(null);

  async function holdOrResume(item: PipelineItemDto) {
    const action = item.missionOnHold ? 'resume' : 'hold';
    setHolding(item.missionId);
    try {
      await (action === 'hold' ? missions.holdMission : missions.resumeMission)({ params: { id: item.missionId }, body: {} });
      notify({ type: 'success', text: p(`done.${action}`, { id: item.missionId }) });
      onMissionChanged();
    } catch (err) {
      notify({ type: 'error', text: t('actionFailed', { action: p(`actions.${action}`), reason: text.failure(err) }) });
    } finally {
      setHolding(null);
    }
  }

  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="pipeline">
        <thead>
          <tr>
            <th scope="col">{p('columns.mission')}</th>
            <th scope="col">{t('columns.datasetId')}</th>
            <th scope="col">{t('columns.filename')}</th>
            <th scope="col">{t('columns.type')}</th>
            <th scope="col">{t('columns.status')}</th>
            <th scope="col">{t('columns.progress')}</th>
            <th scope="col">{p('columns.stage')}</th>
            <th scope="col">{t('columns.timeLeft')}</th>
            <th scope="col">{t('columns.lastSeen')}</th>
            <th scope="col" className={styles.actionsCell} data-actions>
              {t('columns.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} data-dataset={item.datasetId} data-status={item.status}>
              <td className={styles.mission}>
                <Link href={`/mission/${item.missionId}`}>{`${item.missionId} · ${item.missionName}`}</Link>
                {item.missionOnHold && (
                  <span className={datasetStyles.badge} data-badge="onHold">
                    {p('onHold')}
                  </span>
                )}
              </td>
              <th scope="row" className={styles.mono}>
                {item.datasetId}
              </th>
              <td className={styles.filename}>{item.filename ?? '–'}</td>
              <td>{text.type(item.type)}</td>
              <td>
                <DatasetStatus dataset={item} />
              </td>
              <td className={styles.progress}>
                <DatasetProgress dataset={item} />
              </td>
              <td>{text.stage(item.conversion)}</td>
              <td className={styles.nowrap}>{text.remaining(item.conversion?.secondsLeft)}</td>
              <td>{text.date(item.lastSeenAt)}</td>
              <td className={styles.actionsCell} data-actions>
                <DatasetRowActions dataset={item} offers={offersOf(item, { canProcess: true, canCheck })} onChanged={onChanged}>
                  <button
                    type="button"
                    className={datasetStyles.action}
                    disabled={holding === item.missionId}
                    onClick={() => void holdOrResume(item)}
                    aria-label={`${p(item.missionOnHold ? 'actions.resume' : 'actions.hold')}: ${item.missionId}`}
                  >
                    {p(item.missionOnHold ? 'actions.resume' : 'actions.hold')}
                  </button>
                </DatasetRowActions>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
