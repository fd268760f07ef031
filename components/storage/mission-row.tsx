'use client';

import { Link } from '@/components/ui/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ProgressBar } from '@/components/ui/progress-bar';
import { missions } from '@/lib/client/api/missions';
import { storageApi } from '@/lib/client/api/storage';
import type { StorageMissionDto, StorageOperation } from '@/lib/shared/schemas/storage';
import { MissionFiles } from './mission-files';
import { useStorageText } from './storage-text';
import styles from './storage.module.css';

const FAILED: Record<StorageOperation, 'syncFailed' | 'unsyncFailed' | 'restoreFailed'> = { sync: 'syncFailed', unsync: 'unsyncFailed', restore: 'restoreFailed' };
const RUNNING = new Set(['syncing', 'unsyncing', 'restoring']);

/** One mission: sizes, state with live progress, last sync, the three operations, and its files when expanded. */
export function MissionRow({ mission: m, onChanged }: { mission: StorageMissionDto; onChanged(): void }) {
  const t = useTranslations('storage');
  const text = useStorageText();
  const [expanded, setExpanded] = useState(false);
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState<StorageOperation | null>(null);
  const [message, setMessage] = useState<{ kind: 'done' | 'failed'; text: string } | null>(null);
  const running = RUNNING.has(m.state);

  async function start(operation: StorageOperation) {
    setPending(operation);
    setMessage(null);
    try {
      if (operation === 'sync') await missions.setMissionCloudSync({ params: { id: m.id }, body: { online: true } });
      else if (operation === 'unsync') await storageApi.unsyncMission({ params: { id: m.id } });
      else await storageApi.restoreMissionFromCloud({ params: { id: m.id } });
      setMessage({ kind: 'done', text: t(`started.${operation}`, { id: m.id }) });
      setAsking(false);
    } catch (err) {
      setMessage({ kind: 'failed', text: [t(FAILED[operation]), text.failure(err)].filter(Boolean).join(' ') });
      setAsking(false);
    } finally {
      setPending(null);
      onChanged();
    }
  }

  const p = m.progress;
  const reason = m.state === 'error' ? text.reason(m.error) : null;
  return (
    <tbody data-testid={`storage-mission-${m.id}`}>
      <tr>
        <td>
          <button type="button" className={styles.toggle} aria-expanded={expanded} aria-label={t(expanded ? 'hideFiles' : 'showFiles', { name: m.name })} onClick={() => setExpanded((v) => !v)}>
            {expanded ? '▾' : '▸'}
          </button>
          <Link href={`/mission/${m.id}`}>{m.name}</Link>
          <div className={styles.muted}>{t('fileCount', { count: m.fileCount })}</div>
          {m.localProblems > 0 && <div className={styles.stateError}>{t('localProblems', { count: m.localProblems })}</div>}
        </td>
        <td className={styles.number}>{text.bytes(m.localBytes)}</td>
        <td className={styles.number}>{text.bytes(m.cloudBytes)}</td>
        <td data-testid="storage-state" data-state={m.state}>
          <span className={m.state === 'error' ? styles.stateError : undefined}>{t(`states.${m.state}`, { percent: p?.percent ?? 0 })}</span>
          {reason && <div className={styles.stateError}>{reason}</div>}
          {p && (
            <div className={styles.progress}>
              <ProgressBar value={p.percent} label={t(`states.${m.state}`, { percent: p.percent })} />
              <span className={styles.muted}>
                {t('progress', { filesDone: p.filesDone, filesTotal: p.filesTotal, bytesDone: text.bytes(p.bytesDone), bytesTotal: text.bytes(p.bytesTotal) })}
                {p.secondsLeft !== null && ` · ${t('timeLeft', { time: text.duration(p.secondsLeft) })}`}
              </span>
            </div>
          )}
          {m.checkReport && <div className={styles.muted}>{text.reason(m.checkReport)}</div>}
        </td>
        <td>{text.date(m.lastSyncedAt, t('never'))}</td>
        <td className={styles.actions} data-actions>
          <button type="button" className={styles.button} disabled={running || pending !== null} onClick={() => void start('sync')}>{t('actions.sync')}</button>
          <button type="button" className={styles.button} disabled={running || pending !== null || m.cloudFiles === 0} onClick={() => setAsking(true)}>{t('actions.unsync')}</button>
          <button type="button" className={styles.button} disabled={running || pending !== null || m.cloudFiles === 0} onClick={() => void start('restore')}>{t('actions.restore')}</button>
          {message && <div role={message.kind === 'failed' ? 'alert' : 'status'} className={message.kind === 'failed' ? styles.stateError : styles.muted}>{message.text}</div>}
          {asking && (
            <ConfirmDialog
              title={t('confirmUnsync.title', { id: m.id })}
              message={t('confirmUnsync.text', { count: m.cloudFiles, size: text.bytes(m.cloudBytes), name: m.name })}
              confirmLabel={t('confirmUnsync.button')}
              cancelLabel={t('confirmUnsync.cancel')}
              pending={pending === 'unsync'}
              onConfirm={() => void start('unsync')}
              onCancel={() => setAsking(false)}
            />
          )}
        </td>
      </tr>
      {expanded && (
        <tr>
          <td colSpan={6}>
            <MissionFiles missionId={m.id} refreshKey={`${m.state}|${m.lastSyncedAt}|${p?.filesDone ?? ''}`} />
          </td>
        </tr>
      )}
    </tbody>
  );
}
