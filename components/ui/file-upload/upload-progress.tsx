'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { ProgressBar } from '../progress-bar';
import styles from './file-upload.module.css';

export type FileTransferStatus = 'uploading' | 'paused' | 'finished' | 'error' | 'cancelled';
export type FileAction = 'pause' | 'resume' | 'cancel';

export interface FileProgress {
  name: string;
  /** 0–100, as the parent's transport measured it. */
  percent: number;
  status?: FileTransferStatus;
  /** Bytes per second (moving average). */
  speed?: number;
  /** Seconds until done; null while unknown. */
  secondsLeft?: number | null;
  /** Why the transfer stopped, already translated. */
  error?: string;
}

export interface UploadProgress {
  /** Per file, in percent; the parent reports what its transport measured. */
  files?: readonly FileProgress[];
  /** Over all files, in percent. */
  total?: number;
}

const UNITS = ['B', 'kB', 'MB', 'GB'] as const;

/** Speed in the largest unit that keeps the number ≥ 1 (decimal units, as transfer rates are quoted). */
export function speedParts(bytesPerSecond: number): { value: number; unit: (typeof UNITS)[number] } {
  let value = bytesPerSecond;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return { value, unit: UNITS[unit]! };
}

function FileActions({ file, onAction }: { file: FileProgress; onAction: (action: FileAction) => void }) {
  const t = useTranslations('ui.fileUpload');
  const canPause = file.status === 'uploading';
  const canResume = file.status === 'paused' || file.status === 'error';
  const canCancel = canPause || canResume;
  if (!canCancel) return null;
  return (
    <span className={styles.fileActions}>
      {canPause && (
        <button type="button" className={styles.small} onClick={() => onAction('pause')} aria-label={t('pauseFile', { name: file.name })}>
          {t('pause')}
        </button>
      )}
      {canResume && (
        <button type="button" className={styles.small} onClick={() => onAction('resume')} aria-label={t('resumeFile', { name: file.name })}>
          {t('resume')}
        </button>
      )}
      <button type="button" className={styles.small} onClick={() => onAction('cancel')} aria-label={t('cancelFile', { name: file.name })}>
        {t('cancel')}
      </button>
    </span>
  );
}

function FileFacts({ file }: { file: FileProgress }) {
  const t = useTranslations('ui.fileUpload');
  const format = useFormatter();
  if (file.error) return <span className={styles.error}>{file.error}</span>;
  if (file.status === 'paused') return <span>{t('paused')}</span>;
  if (file.status === 'finished') return <span>{t('finished')}</span>;
  if (file.status !== 'uploading' || !file.speed) return null;
  const speed = speedParts(file.speed);
  const left = file.secondsLeft ?? null;
  return (
    <span>
      {t('speed', { value: format.number(speed.value, { maximumFractionDigits: 1 }), unit: speed.unit })}
      {left !== null && ` · ${left >= 60 ? t('minutesLeft', { minutes: Math.ceil(left / 60) }) : t('secondsLeft', { seconds: Math.ceil(left) })}`}
    </span>
  );
}

/** The uploading state: spinner, 'Uploading', then each file's bar (speed, time left, actions) and the total bar. */
export function UploadProgressView({ progress, busy = true, onFileAction }: { progress?: UploadProgress; busy?: boolean; onFileAction?: (index: number, action: FileAction) => void }) {
  const t = useTranslations('ui.fileUpload');
  return (
    <div role="status" aria-live="polite">
      {busy && (
        <p className={styles.status}>
          <span className={styles.spinner} aria-hidden="true" />
          {t('uploading')}
        </p>
      )}
      {progress?.files && progress.files.length > 0 && (
        <ul className={styles.progressList}>
          {progress.files.map((file, i) => (
            <li key={`${i}-${file.name}`} className={styles.progressItem} data-status={file.status}>
              <span className={styles.fileName} title={file.name}>
                {file.name}
              </span>
              <ProgressBar value={file.percent} color={file.status === 'error' ? 'red' : 'primary'} label={t('fileProgress', { name: file.name })} />
              {(file.status || onFileAction) && (
                <span className={styles.fileMeta}>
                  <FileFacts file={file} />
                  {onFileAction && <FileActions file={file} onAction={(action) => onFileAction(i, action)} />}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {progress?.total !== undefined && (
        <div className={styles.progressItem}>
          <span>{t('total')}</span>
          <ProgressBar value={progress.total} label={t('totalProgress')} />
        </div>
      )}
    </div>
  );
}
