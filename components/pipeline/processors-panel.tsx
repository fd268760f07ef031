'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { useNotify } from '@/components/platform/notifications';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDatasetText } from '@/components/datasets/dataset-text';
import { processors } from '@/lib/client/api/processors';
import { useEndpoint } from '@/lib/client/api/use-endpoint';
import type { ProcessorDto } from '@/lib/shared/schemas/processor';
import styles from './pipeline.module.css';

/**
 * Admins issue and revoke the tokens external processing systems (SLAM) report and upload with
 * (issue 14 point 2). A new token is shown once, here; only its hash is kept.
 */
export function ProcessorsPanel() {
  const t = useTranslations('pipeline.processors');
  const text = useDatasetText();
  const notify = useNotify();
  const { data, error, mutate } = useEndpoint(processors.listProcessors, {});
  const [name, setName] = useState('');
  const [issued, setIssued] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<ProcessorDto | null>(null);
  const [pending, setPending] = useState(false);

  async function issue(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    try {
      const created = await processors.issueProcessor({ body: { name } });
      setIssued({ name: created.name, token: created.token });
      setName('');
      await mutate();
    } catch (err) {
      notify({ type: 'error', text: t('failed', { reason: text.failure(err) }) });
    } finally {
      setPending(false);
    }
  }

  async function revoke(p: ProcessorDto) {
    setPending(true);
    try {
      await processors.revokeProcessor({ params: { id: p.id } });
      notify({ type: 'success', text: t('revoked', { name: p.name }) });
      await mutate();
    } catch (err) {
      notify({ type: 'error', text: t('failed', { reason: text.failure(err) }) });
    } finally {
      setPending(false);
      setRevoking(null);
    }
  }

  const items = data?.items ?? [];
  return (
    <section className={styles.processors} aria-labelledby="processors-title">
      <h2 id="processors-title">{t('title')}</h2>
      <p className={styles.intro}>{t('intro')}</p>
      {error !== undefined && <p role="alert" className={styles.error}>{t('loadFailed')}</p>}
      {items.length > 0 && (
        <ul className={styles.processorList}>
          {items.map((p) => (
            <li key={p.id}>
              <strong>{p.name}</strong> <span>{p.revokedAt ? t('stateRevoked') : p.lastSeenAt ? t('lastSeen', { at: new Date(p.lastSeenAt) }) : t('neverSeen')}</span>
              {!p.revokedAt && (
                <button type="button" className={styles.action} disabled={pending} onClick={() => setRevoking(p)}>
                  {t('revoke')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form className={styles.processorForm} onSubmit={(e) => void issue(e)}>
        <label>
          {t('name')}
          <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
        </label>
        <button type="submit" className={styles.action} disabled={pending || name.trim() === ''}>
          {t('issue')}
        </button>
      </form>
      {issued && (
        <div role="status" className={styles.token}>
          <p>{t('issued', { name: issued.name })}</p>
          <code data-testid="processor-token">{issued.token}</code>
        </div>
      )}
      {revoking && (
        <ConfirmDialog
          title={t('confirmTitle', { name: revoking.name })}
          message={t('confirmText')}
          confirmLabel={t('revoke')}
          cancelLabel={t('keep')}
          pending={pending}
          onConfirm={() => void revoke(revoking)}
          onCancel={() => setRevoking(null)}
        />
      )}
    </section>
  );
}
