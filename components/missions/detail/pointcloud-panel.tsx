'use client';

import { Link } from '@/components/ui/link';
import { useTranslations } from 'next-intl';
import { useDatasetText } from '@/components/datasets/dataset-text';
import { ProgressBar } from '@/components/ui/progress-bar';
import type { DatasetDto, MissionPointcloudDto } from '@/lib/shared/schemas/dataset';
import { GeneratePointcloudButton } from './generate-pointcloud-button';
import { isBuilding, useMissionPointcloud } from './use-mission-pointcloud';
import styles from './detail.module.css';

/**
 * spec §2 "pointcloud and CAD": the online point cloud's state — points, size, when built and from
 * which scans, a hint when the available scans changed since, the progress of a build under way —
 * and, for who may process the mission's scans, "generate online pointcloud".
 */
export function PointcloudPanel({
  missionId,
  initial,
  datasets,
  canGenerate,
}: {
  missionId: number;
  initial: MissionPointcloudDto | null;
  /** The mission's scans, to name the ones a cloud was built from. */
  datasets: Pick<DatasetDto, 'id' | 'datasetId'>[];
  canGenerate: boolean;
}) {
  const t = useTranslations('missions.detail.pointcloud');
  const d = useTranslations('datasets');
  const text = useDatasetText();
  const { data, error } = useMissionPointcloud(missionId, initial);
  const state = data ?? null;
  const names = (ids: number[]) => ids.map((id) => datasets.find((x) => x.id === id)?.datasetId ?? `#${id}`).join(', ');
  const conversion = state?.conversion ?? null;

  return (
    <div className={styles.pointcloudState} data-testid="pointcloud">
      {!state && error !== undefined && (
        <p role="alert" className={styles.error}>
          {t('loadFailed')}
        </p>
      )}
      {state?.ready ? (
        <dl className={styles.fields}>
          <div className={styles.field}>
            <dt className={styles.label}>{t('status')}</dt>
            <dd className={styles.value}>{t('ready')}</dd>
          </div>
          <div className={styles.field}>
            <dt className={styles.label}>{t('points')}</dt>
            <dd className={styles.value}>{text.points(state.pointCount)}</dd>
          </div>
          <div className={styles.field}>
            <dt className={styles.label}>{t('size')}</dt>
            <dd className={styles.value}>{text.size(state.sizeBytes)}</dd>
          </div>
          <div className={styles.field}>
            <dt className={styles.label}>{t('builtAt')}</dt>
            <dd className={styles.value}>{text.date(state.builtAt)}</dd>
          </div>
          <div className={styles.field}>
            <dt className={styles.label}>{t('sources')}</dt>
            <dd className={styles.value}>{t('sourcesValue', { count: state.datasetIds.length, ids: names(state.datasetIds) })}</dd>
          </div>
        </dl>
      ) : (
        state && <p className={styles.empty}>{t('none')}</p>
      )}
      {state?.ready && (
        <Link href={`/mission/${missionId}/viewer`} data-testid="open-viewer">
          {t('openViewer')}
        </Link>
      )}
      {state?.outdated && <p className={styles.hint}>{t('outdated')}</p>}
      {conversion && isBuilding(state) && (
        <div className={styles.stack}>
          <span>{t('building', { state: text.stage(conversion) })}</span>
          <ProgressBar value={conversion.progress} label={t('status')} color="primary" />
          <span className={styles.reason}>
            {d('columns.timeLeft')}: {text.remaining(conversion.secondsLeft)}
          </span>
        </div>
      )}
      {conversion?.state === 'failed' && <p className={styles.error}>{t('lastFailed', { reason: text.reason(conversion.errorKey) })}</p>}
      {canGenerate && <GeneratePointcloudButton missionId={missionId} initial={initial} />}
    </div>
  );
}
