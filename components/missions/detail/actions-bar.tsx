'use client';

import { Link } from '@/components/ui/link';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { useNotify } from '@/components/platform/notifications';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { MissionPointcloudDto } from '@/lib/shared/schemas/dataset';
import type { MissionNeighbours } from '@/lib/shared/schemas/mission-view';
import { GeneratePointcloudButton } from './generate-pointcloud-button';
import { useMission } from './mission-context';
import { runMissionAction, type MissionActionPath } from './save-mission';
import styles from './detail.module.css';

/** The mission capabilities of mission-access.ts that have a button here. */
export type ActionCapability = 'close' | 'hide' | 'hold' | 'cloudSync';

type ActionName = 'close' | 'reopen' | 'hide' | 'show' | 'hold' | 'resume' | 'cloudSync' | 'cloudUnsync';

interface Action {
  name: ActionName;
  path: MissionActionPath;
  body?: Record<string, unknown>;
  /** Destructive steps ask first (spec §2). */
  confirm: boolean;
}

/** How often the page asks whether a running cloud sync has ended. */
const CLOUD_POLL_MS = 3000;

const SYNC_FAILED: Partial<Record<ActionName, string>> = { cloudSync: 'messages.syncFailed', cloudUnsync: 'messages.unsyncFailed' };

/**
 * The mission actions of spec §2, each a real state change (POST with the version the page read),
 * shown at once from the answer and in lists through router.refresh(). Close, hide, hold and
 * taking a mission offline ask for confirmation. "Generate online pointcloud" goes with hold
 * (who may pause the calculation may start it). `backupSlot` is where the backup and restore
 * buttons render (components/missions/backup).
 */
export function ActionsBar({
  capabilities,
  neighbours,
  from,
  pointcloud,
  backupSlot,
}: {
  capabilities: readonly ActionCapability[];
  neighbours: MissionNeighbours;
  from: string | null;
  /** The online point cloud's state the page read (null: read it here). */
  pointcloud?: MissionPointcloudDto | null;
  backupSlot?: ReactNode;
}) {
  const t = useTranslations('missions');
  const notify = useNotify();
  const router = useRouter();
  const { mission, accept } = useMission();
  const [asking, setAsking] = useState<Action | null>(null);
  const [pending, setPending] = useState(false);
  const can = (c: ActionCapability) => capabilities.includes(c);
  const full = mission.view === 'full' ? mission : null;

  async function run(action: Action) {
    setPending(true);
    const outcome = await runMissionAction(mission.id, action.path, { version: mission.version, ...action.body });
    setPending(false);
    setAsking(null);
    if (outcome.ok) {
      accept(outcome.mission);
      notify({ type: 'success', text: t(`actions.done.${action.name}`) });
    } else if (outcome.reason === 'conflict') {
      notify({ type: 'error', text: t('actions.conflict') });
    } else if (outcome.reason === 'notAuthorized') {
      notify({ type: 'error', text: t('messages.notAuthorized', { id: mission.id }) });
    } else {
      notify({ type: 'error', text: t(SYNC_FAILED[action.name] ?? `actions.failed.${action.name}`) });
    }
    router.refresh();
  }

  const start = (action: Action) => (action.confirm ? setAsking(action) : void run(action));
  const button = (action: Action) => (
    <button key={action.name} type="button" className={styles.button} disabled={pending} onClick={() => start(action)}>
      {t(`actions.${action.name}`)}
    </button>
  );

  const actions: Action[] = [];
  if (can('close')) actions.push(mission.closed ? { name: 'reopen', path: 'reopen', confirm: false } : { name: 'close', path: 'close', confirm: true });
  if (can('hide') && full) actions.push(full.hidden ? { name: 'show', path: 'show', confirm: false } : { name: 'hide', path: 'hide', confirm: true });
  if (can('hold') && full) actions.push(full.onHold ? { name: 'resume', path: 'resume', confirm: false } : { name: 'hold', path: 'hold', confirm: true });
  // A sync or unsync under way shows as such until the job ends (the page refreshes meanwhile).
  const cloudBusy = full && (full.cloudSyncState === 'syncing' || full.cloudSyncState === 'unsyncing') ? full.cloudSyncState : null;
  if (can('cloudSync') && full && !cloudBusy) {
    actions.push(full.cloudOnline ? { name: 'cloudUnsync', path: 'cloud-sync', body: { online: false }, confirm: true } : { name: 'cloudSync', path: 'cloud-sync', body: { online: true }, confirm: false });
  }
  useEffect(() => {
    if (!cloudBusy) return;
    const timer = setInterval(() => router.refresh(), CLOUD_POLL_MS);
    return () => clearInterval(timer);
  }, [cloudBusy, router]);

  const query = from ? `?from=${encodeURIComponent(from)}` : '';
  const neighbour = (which: 'previous' | 'next', target: number | null) =>
    target === null ? (
      <span className={`${styles.button} ${styles.secondary} ${styles.disabledLink}`} aria-disabled="true" title={t(which === 'previous' ? 'actions.noPrevious' : 'actions.noNext')}>
        {t(`actions.${which}`)}
      </span>
    ) : (
      <Link className={`${styles.button} ${styles.secondary}`} href={`/mission/${target}${query}`} rel={which === 'previous' ? 'prev' : 'next'}>
        {t(`actions.${which}`)}
      </Link>
    );

  const confirmKey = asking ? (asking.name as 'close' | 'hide' | 'hold' | 'cloudUnsync') : null;
  return (
    <div className={styles.actionsBar} role="toolbar" aria-label={t('actions.label')}>
      <div className={styles.actionGroup}>
        {actions.map(button)}
        {can('cloudSync') && cloudBusy && (
          <button type="button" className={styles.button} disabled aria-busy="true">
            {t(`actions.cloudBusy.${cloudBusy}`)}
          </button>
        )}
        {can('hold') && <GeneratePointcloudButton missionId={mission.id} initial={pointcloud} />}
        {backupSlot}
      </div>
      <nav className={styles.actionGroup} aria-label={t('detail.neighbours.label')}>
        {neighbour('previous', neighbours.previousId)}
        {neighbour('next', neighbours.nextId)}
      </nav>
      {asking && confirmKey && (
        <ConfirmDialog
          title={t(`actions.confirm.${confirmKey}.title`, { id: mission.id })}
          message={t(`actions.confirm.${confirmKey}.text`)}
          confirmLabel={t(`actions.confirm.${confirmKey}.button`)}
          cancelLabel={t('actions.cancel')}
          pending={pending}
          buttonClassNames={{ cancel: `${styles.button} ${styles.secondary}`, confirm: `${styles.button} ${styles.danger}` }}
          onConfirm={() => void run(asking)}
          onCancel={() => setAsking(null)}
        />
      )}
    </div>
  );
}
