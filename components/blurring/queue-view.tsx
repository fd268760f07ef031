'use client';

import { Link } from '@/components/ui/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { blurring } from '@/lib/client/api/blurring';
import { useEndpoint } from '@/lib/client/api/use-endpoint';
import { BLURRING_QUEUE_FILTERS, type BlurringQueueFilter, type BlurringQueueItem } from '@/lib/shared/schemas/blurring';
import styles from './blurring.module.css';

/** How often the list is read again while the page is visible: detection and the other reviewer move it on. */
const QUEUE_REFRESH_MS = 10_000;

/**
 * spec §2 /blurring: the missions with images to blur or check, their counts (to review, approved,
 * remaining), who blurred and the instructions, filtered by stage and searched by name. A failed
 * read shows spec §8's queue load failure and keeps the last list.
 */
export function BlurringQueueView({ initialItems }: { initialItems: BlurringQueueItem[] | null }) {
  const t = useTranslations('blurring.queue');
  const e = useTranslations('errors.blurring');
  const [filter, setFilter] = useState<BlurringQueueFilter>('all');
  const [q, setQ] = useState('');
  const query = { filter, ...(q.trim() && { q: q.trim() }) };
  const first = filter === 'all' && q.trim() === '';
  const { data, error } = useEndpoint(blurring.blurringQueue, { query }, {
    refreshInterval: QUEUE_REFRESH_MS,
    keepPreviousData: true,
    fallbackData: first && initialItems ? { items: initialItems } : undefined,
  });
  const items = data?.items ?? null;
  const failed = error !== undefined || (first && initialItems === null && !data);
  return (
    <section className={styles.page} aria-labelledby="blurring-title">
      <header>
        <h1 id="blurring-title" className={styles.title}>{t('title')}</h1>
        <p className={styles.intro}>{t('intro')}</p>
      </header>
      <div className={styles.filters}>
        <label>
          {t('filter')}{' '}
          <select value={filter} onChange={(e) => setFilter(e.target.value as BlurringQueueFilter)}>
            {BLURRING_QUEUE_FILTERS.map((f) => <option key={f} value={f}>{t(`filters.${f}`)}</option>)}
          </select>
        </label>
        <label>
          {t('search')}{' '}
          <input type="search" value={q} maxLength={100} onChange={(e) => setQ(e.target.value)} />
        </label>
      </div>
      {failed && <p role="alert" className={styles.error}>{e('queueLoadFailed')}</p>}
      {items && (
        <>
          <p className={styles.count} aria-live="polite">{t('count', { count: items.length })}</p>
          {items.length === 0 ? <p className={styles.muted}>{t('empty')}</p> : <QueueTable items={items} />}
        </>
      )}
    </section>
  );
}

function QueueTable({ items }: { items: BlurringQueueItem[] }) {
  const t = useTranslations('blurring.queue');
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            {(['mission', 'stage', 'toReview', 'approved', 'remaining', 'blurredBy', 'instructions', 'actions'] as const).map((c) => <th key={c} scope="col" data-actions={c === 'actions' || undefined}>{t(`columns.${c}`)}</th>)}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.missionId} data-testid={`blurring-mission-${item.missionId}`}>
              <td>
                <Link href={`/mission/${item.missionId}`}>{item.missionName}</Link>
                <div className={styles.muted}>{[item.internalReference, item.companyName].filter(Boolean).join(' · ')}</div>
                {item.detecting > 0 && <div className={styles.muted}>{t('detecting', { count: item.detecting })}</div>}
              </td>
              <td>
                {t(`stages.${item.stage}`)}
                {item.finishedByName && <div className={styles.muted}>{t('finishedBy', { name: item.finishedByName })}</div>}
              </td>
              <td className={styles.number}>{item.toReview}</td>
              <td className={styles.number}>{item.approved}</td>
              <td className={styles.number}>{item.remaining}</td>
              <td>{item.blurredByName ?? t('nobody')}</td>
              <td className={styles.instructions}>{item.instructions ?? <span className={styles.muted}>{t('noInstructions')}</span>}</td>
              <td className={styles.actions} data-actions>
                <Link className={styles.button} href={`/blurring/editor/${item.missionId}/blur`}>{t('blur')}</Link>
                <Link className={styles.button} href={`/blurring/editor/${item.missionId}/check`}>{t('check')}</Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
