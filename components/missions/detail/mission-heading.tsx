'use client';

import { useTranslations } from 'next-intl';
import { useMission } from './mission-context';
import styles from './detail.module.css';

/** The page heading with the mission's state badges, which follow the actions at once. */
export function MissionHeading() {
  const t = useTranslations('missions.detail');
  const { mission } = useMission();
  const full = mission.view === 'full' ? mission : null;
  const badges = [mission.closed && 'closed', full?.hidden && 'hidden', full?.onHold && 'onHold'].filter((b): b is 'closed' | 'hidden' | 'onHold' => !!b);
  return (
    <header className={styles.heading}>
      <p className={styles.overline}>{t('title', { id: mission.id })}</p>
      <h1>{mission.name}</h1>
      {badges.length > 0 && (
        <ul className={styles.badges} aria-label={t('sections.mission')}>
          {badges.map((b) => (
            <li key={b} className={styles.badge} data-badge={b}>
              {t(`badges.${b}`)}
            </li>
          ))}
        </ul>
      )}
    </header>
  );
}
