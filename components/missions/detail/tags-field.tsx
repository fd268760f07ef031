'use client';

import { useTranslations } from 'next-intl';
import { useMission } from './mission-context';
import { TagEditor } from './tag-editor';
import styles from './detail.module.css';

/**
 * The Tags field of the General section for users who may tag the mission: in place of the
 * read-only list, the chips with their editor. The page mounts it only with the 'tag' capability.
 */
export function TagsField() {
  const t = useTranslations('missions.fields');
  const { mission } = useMission();
  return (
    <div className={`${styles.field} ${styles.wide}`} data-field="tags">
      <dt className={styles.label}>{t('tags')}</dt>
      <dd className={styles.value}>
        <TagEditor missionId={mission.id} tags={mission.tags} />
      </dd>
    </div>
  );
}
