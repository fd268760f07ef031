'use client';

import { browserOnly } from '@/components/platform/browser-only';
import { useMission } from './mission-context';

// The backup helper's buttons (components/missions/backup) load after the page is interactive:
// they poll their job and bring their own dependencies, which need not weigh on the first load.
const MissionBackupActions = browserOnly(() => import('@/components/missions/backup').then((m) => m.MissionBackupActions));

/** The slot of the actions bar where backup and restore render, with the mission's current version. */
export function BackupSlot() {
  const { mission } = useMission();
  return <MissionBackupActions missionId={mission.id} version={mission.version} />;
}
