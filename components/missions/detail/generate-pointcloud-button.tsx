'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useDatasetText } from '@/components/datasets/dataset-text';
import { useNotify } from '@/components/platform/notifications';
import { datasets } from '@/lib/client/api/datasets';
import type { MissionPointcloudDto } from '@/lib/shared/schemas/dataset';
import { isBuilding, useMissionPointcloud } from './use-mission-pointcloud';
import styles from './detail.module.css';

/**
 * spec §2 mission action "generate online pointcloud": merges the mission's available scans into
 * its online point cloud. Disabled, with the reason under it, while no scan is available or a
 * build is under way.
 */
export function GeneratePointcloudButton({ missionId, initial }: { missionId: number; initial: MissionPointcloudDto | null | undefined }) {
  const t = useTranslations('missions.actions');
  const text = useDatasetText();
  const notify = useNotify();
  const reasonId = useId();
  const { data, mutate } = useMissionPointcloud(missionId, initial);
  const [pending, setPending] = useState(false);
  const building = isBuilding(data);
  const reason = building ? t('generatePointcloudBusy') : !data?.availableDatasetIds?.length ? t('generatePointcloudDisabled') : null;

  async function generate() {
    setPending(true);
    try {
      const answer = await datasets.generateMissionPointcloud({ params: { id: missionId } });
      await mutate(answer, { revalidate: false });
      notify({ type: 'success', text: t('generatePointcloudStarted') });
    } catch (err) {
      notify({ type: 'error', text: t('generatePointcloudFailed', { reason: text.failure(err) }) });
      void mutate();
    } finally {
      setPending(false);
    }
  }

  return (
    <span className={styles.disabledAction}>
      <button type="button" className={styles.button} disabled={pending || reason !== null} aria-describedby={reason ? reasonId : undefined} onClick={() => void generate()}>
        {t('generatePointcloud')}
      </button>
      {reason && (
        <span id={reasonId} className={styles.reason}>
          {reason}
        </span>
      )}
    </span>
  );
}
