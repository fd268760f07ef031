'use client';

import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import useSWR from 'swr';
import { useNotify } from '@/components/platform/notifications';
import { Dialog } from '@/components/ui/dialog';
import { FileUpload, type UploadSelection } from '@/components/ui/file-upload/file-upload';
import { ProgressBar } from '@/components/ui/progress-bar';
import { ApiError, swrFetcher } from '@/lib/client/fetcher';
import { RESTORE_ACCEPT, type MissionBackupDto } from '@/lib/shared/api/endpoints/mission-backups';
import { formatDate } from '@/lib/shared/format/date';
import { backupsPath, REFUSAL_REASONS, startBackup, uploadRestore } from './backup-client';
import styles from './backup.module.css';

const OPEN = new Set(['queued', 'running']);
const POLL_MS = 1000;

/**
 * spec §2 mission actions "backup" and "restore" (docs/adr/0006-mission-backup.md). Backup starts
 * the background job and shows its progress (polled while it runs) and then the download link of
 * the archive. Restore asks for confirmation, uploads an archive and reloads the page with the
 * restored mission. Only internal users may do either: for anyone else the server answers 403 and
 * this renders nothing.
 */
export function MissionBackupActions({ missionId, version }: { missionId: number; version: number }) {
  const t = useTranslations('missions');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const notify = useNotify();
  const router = useRouter();
  const { data, error, mutate } = useSWR<{ items: MissionBackupDto[] }>(backupsPath(missionId), swrFetcher, {
    refreshInterval: (latest) => (latest?.items.some((b) => OPEN.has(b.state)) ? POLL_MS : 0),
  });
  const [starting, setStarting] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [restoreError, setRestoreError] = useState<string | null>(null);

  if (error instanceof ApiError && (error.status === 403 || error.status === 401 || error.status === 404)) return null;
  const latest = data?.items[0];
  const running = !!latest && OPEN.has(latest.state);

  async function backup() {
    setStarting(true);
    try {
      const started = await startBackup(missionId);
      await mutate((current) => ({ items: [started, ...(current?.items ?? []).filter((b) => b.id !== started.id)] }), { revalidate: false });
      notify({ type: 'info', text: t('backup.started') });
    } catch {
      notify({ type: 'error', text: t('backup.startFailed') });
    } finally {
      setStarting(false);
    }
  }

  function refusalText(err: unknown): string {
    if (!(err instanceof ApiError)) return t('backup.restoreFailed');
    const reason = err.details?.reason;
    if (err.status === 409) return `${t('backup.restoreFailed')} ${t('backup.conflict')}`;
    if (err.status === 413) return `${t('backup.restoreFailed')} ${t('backup.refused.size')}`;
    if (err.status === 415) return `${t('backup.restoreFailed')} ${t('backup.refused.format')}`;
    if (typeof reason === 'string' && (REFUSAL_REASONS as readonly string[]).includes(reason)) return `${t('backup.restoreFailed')} ${t(`backup.refused.${reason}` as never)}`;
    return t('backup.restoreFailed');
  }

  async function restore(selection: UploadSelection) {
    const file = selection.files[0];
    if (!file) return;
    setRestoring(true);
    setRestoreError(null);
    try {
      const result = await uploadRestore(missionId, version, file);
      setDialogOpen(false);
      notify({ type: 'success', text: t('backup.restored', { date: formatDate(result.backupCreatedAt, locale, { timeZone }) }) });
      router.refresh();
    } catch (err) {
      const text = refusalText(err);
      setRestoreError(text);
      notify({ type: 'error', text });
    } finally {
      setRestoring(false);
    }
  }

  return (
    <div className={styles.backup} data-testid="mission-backup">
      <div className={styles.buttons}>
        <button type="button" className={styles.button} onClick={() => void backup()} disabled={starting || running}>
          {t('backup.backup')}
        </button>
        <button type="button" className={styles.button} onClick={() => (setRestoreError(null), setDialogOpen(true))} disabled={restoring}>
          {t('backup.restore')}
        </button>
      </div>
      {latest && <BackupStatus backup={latest} />}
      <Dialog open={dialogOpen} onClose={() => !restoring && setDialogOpen(false)} title={t('backup.confirmTitle', { id: missionId })}>
        <p className={styles.warning}>{t('backup.confirmText')}</p>
        <FileUpload accept={RESTORE_ACCEPT} directory={false} uploading={restoring} placeholder={t('backup.choose')} onUpload={(s) => void restore(s)} />
        {restoreError && (
          <p className={styles.error} role="alert">
            {restoreError}
          </p>
        )}
      </Dialog>
    </div>
  );
}

function BackupStatus({ backup }: { backup: MissionBackupDto }) {
  const t = useTranslations('missions.backup');
  const locale = useLocale();
  const timeZone = useTimeZone();
  if (backup.state === 'queued' || backup.state === 'running') {
    return (
      <div className={styles.status} aria-live="polite">
        <span>{t(backup.state === 'queued' ? 'queued' : 'running')}</span>
        <ProgressBar value={backup.progress} label={t('progress')} />
      </div>
    );
  }
  if (backup.state === 'succeeded' && backup.downloadUrl) {
    return (
      <div className={styles.status}>
        <a href={backup.downloadUrl} download={backup.fileName ?? undefined}>
          {t('download', { date: formatDate(backup.finishedAt ?? backup.createdAt, locale, { timeZone }) })}
        </a>
      </div>
    );
  }
  if (backup.state === 'failed' || backup.state === 'cancelled') {
    return (
      <div className={`${styles.status} ${styles.failed}`} role="status">
        {t('failed')}
      </div>
    );
  }
  return null;
}
