'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { storageApi } from '@/lib/client/api/storage';
import { useEndpoint } from '@/lib/client/api/use-endpoint';
import type { OrphanDto } from '@/lib/shared/schemas/storage';
import { useStorageText } from './storage-text';
import styles from './storage.module.css';

/** spec §8 'Mission not found in Mission List': files of missions that do not exist, for an admin to delete or keep. */
export function OrphansPanel() {
  const t = useTranslations('storage.orphans');
  const page = useTranslations('storage');
  const text = useStorageText();
  // Finding them walks storage: read once per visit, not with the live list.
  const { data, error, mutate } = useEndpoint(storageApi.listOrphans, {}, { revalidateOnFocus: false });
  const [asking, setAsking] = useState<OrphanDto | null>(null);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const sizes = (o: OrphanDto) => ({ local: t('local', { count: o.localFiles, size: text.bytes(o.localBytes) }), cloud: t('cloud', { count: o.cloudFiles, size: text.bytes(o.cloudBytes) }) });

  async function remove(o: OrphanDto) {
    setPending(true);
    setProblem(null);
    try {
      await storageApi.deleteOrphans({ body: { missionIds: [o.missionId] } });
      setAsking(null);
      setDone(t('deleted', { id: o.missionId }));
      await mutate();
    } catch (err) {
      setProblem(text.failure(err) ?? t('deleteFailed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <section className={styles.group} aria-labelledby="storage-orphans" data-testid="storage-orphans">
      <div className={styles.groupHeader}>
        <h2 id="storage-orphans" className={styles.groupName}>{t('title')}</h2>
      </div>
      <p className={`${styles.muted} ${styles.groupIntro}`}>{t('intro')}</p>
      {error && <p role="alert" className={styles.error}>{page('loadFailed')}</p>}
      {done && <p role="status" className={styles.notice}>{done}</p>}
      {data && data.items.length === 0 && <p className={`${styles.muted} ${styles.groupIntro}`}>{t('none')}</p>}
      {data && data.items.length > 0 && (
        <table className={styles.table}>
          <tbody>
            {data.items.map((o) => (
              <tr key={o.missionId}>
                <td>{t('mission', { id: o.missionId })}</td>
                <td>{sizes(o).local}</td>
                <td>{sizes(o).cloud}</td>
                <td className={styles.actions} data-actions>
                  <button type="button" className={styles.button} onClick={() => setAsking(o)}>{t('delete')}</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {asking && (
        <ConfirmDialog
          title={t('confirmTitle', { id: asking.missionId })}
          message={t('confirmText', sizes(asking))}
          confirmLabel={t('delete')}
          cancelLabel={page('confirmUnsync.cancel')}
          pending={pending}
          problem={problem}
          onConfirm={() => void remove(asking)}
          onCancel={() => {
            setAsking(null);
            setProblem(null);
          }}
        />
      )}
    </section>
  );
}
