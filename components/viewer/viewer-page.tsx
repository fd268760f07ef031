'use client';

import { Link } from '@/components/ui/link';
import { useTranslations } from 'next-intl';
import { isBuilding, useMissionPointcloud } from '@/components/missions/detail/use-mission-pointcloud';
import { ProgressBar } from '@/components/ui/progress-bar';
import type { MissionPointcloudDto } from '@/lib/shared/schemas/dataset';
import type { ViewerLink } from '@/lib/shared/viewer/deep-link';
import { ViewerFailure } from './viewer-failure';
import { ViewerWorkspace } from './viewer-workspace';
import styles from './viewer.module.css';

/**
 * spec §2 /mission/{id}/viewer. Before anything 3D: the mission's online point cloud must exist.
 * While it is being built the page shows its progress (read again until done); without one it
 * says why; then the workspace takes over.
 */
export function ViewerPage({
  missionId,
  missionName,
  userId,
  canEdit,
  initialPointcloud,
  link,
}: {
  missionId: number;
  missionName: string;
  userId: string;
  /** May save measurements (who may edit the mission). */
  canEdit: boolean;
  initialPointcloud: MissionPointcloudDto;
  /** The view and item a deep link asks for. */
  link: ViewerLink;
}) {
  const t = useTranslations('viewer');
  const { data, error, mutate } = useMissionPointcloud(missionId, initialPointcloud);
  const state = data ?? null;

  if (!state) {
    return error !== undefined ? <ViewerFailure kind="missionDetails" onRetry={() => void mutate()} /> : null;
  }
  if (!state.ready) {
    const conversion = state.conversion;
    return (
      <div className={styles.notice} data-testid="viewer-not-ready">
        <h1 className={styles.noticeTitle}>{t('title', { name: missionName })}</h1>
        {conversion && isBuilding(state) ? (
          <>
            <p>{t('notReady.building', { progress: Math.floor(conversion.progress) })}</p>
            <ProgressBar value={conversion.progress} label={t('notReady.building', { progress: Math.floor(conversion.progress) })} color="primary" />
          </>
        ) : (
          <p>{conversion?.state === 'failed' ? t('notReady.failed') : t('notReady.none')}</p>
        )}
        <Link href={`/mission/${missionId}`}>{t('backToMission')}</Link>
      </div>
    );
  }
  return <ViewerWorkspace missionId={missionId} missionName={missionName} userId={userId} canEdit={canEdit} link={link} />;
}
