'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { storageApi } from '@/lib/client/api/storage';
import { useEndpoint } from '@/lib/client/api/use-endpoint';
import { useStorageText } from './storage-text';
import styles from './storage.module.css';

/** A mission's file inventory: each file's size, checksum, local state and cloud copy. Read again when the mission's state moves. */
export function MissionFiles({ missionId, refreshKey }: { missionId: number; refreshKey: string }) {
  const t = useTranslations('storage');
  const text = useStorageText();
  const { data, error, mutate } = useEndpoint(storageApi.listStoredFiles, { params: { id: missionId } });
  useEffect(() => {
    void mutate();
  }, [refreshKey, mutate]);
  if (error) return <p role="alert" className={styles.error}>{t('loadFailed')}</p>;
  if (!data) return null;
  if (data.items.length === 0) return <p className={styles.muted}>{t('files.empty')}</p>;
  return (
    <table className={styles.files} data-testid={`storage-files-${missionId}`}>
      <thead>
        <tr>
          {(['path', 'size', 'local', 'cloud', 'sha256'] as const).map((c) => <th key={c} scope="col">{t(`files.${c}`)}</th>)}
        </tr>
      </thead>
      <tbody>
        {data.items.map((f) => (
          <tr key={f.path} data-testid="storage-file" data-local={f.local}>
            <td className={styles.path}>{f.path}</td>
            <td className={styles.number}>{text.bytes(f.size)}</td>
            <td className={f.local === 'missing' || f.local === 'corrupt' ? styles.stateError : undefined}>{t(`files.localStates.${f.local}`)}</td>
            <td>{f.inCloud ? t('files.inCloud') : t('files.notInCloud')}</td>
            <td className={styles.sha} title={f.sha256}>{f.sha256.slice(0, 12)}…</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
