'use client';

import { useTranslations } from 'next-intl';
import { ProgressBar } from '../progress-bar';
import styles from './file-upload.module.css';

export interface UploadProgress {
  /** Per file, in percent; the parent reports what its transport measured. */
  files?: readonly { name: string; percent: number }[];
  /** Over all files, in percent. */
  total?: number;
}

/** The uploading state: spinner, 'Uploading', then each file's bar and the total bar. */
export function UploadProgressView({ progress }: { progress?: UploadProgress }) {
  const t = useTranslations('ui.fileUpload');
  return (
    <div role="status" aria-live="polite">
      <p className={styles.status}>
        <span className={styles.spinner} aria-hidden="true" />
        {t('uploading')}
      </p>
      {progress?.files && progress.files.length > 0 && (
        <ul className={styles.progressList}>
          {progress.files.map((file, i) => (
            <li key={`${i}-${file.name}`} className={styles.progressItem}>
              <span className={styles.fileName} title={file.name}>
                {file.name}
              </span>
              <ProgressBar value={file.percent} color="primary" label={t('fileProgress', { name: file.name })} />
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
