'use client';

import { useLocale, useTranslations } from 'next-intl';
import { blurring } from '@/lib/client/api/blurring';
import { useAppTimeZone } from '@/lib/i18n/time-zone';
import { formatDate } from '@/lib/shared/format/date';
import type { PrivacyRecord } from '@/lib/shared/schemas/blurring';
import styles from './detail.module.css';

/**
 * The mission's privacy record (issue 18 §5): per image the detector and its version, how many
 * regions came from it and how many were drawn by hand, who edited and approved it, and who
 * blurred and finished the mission's blurring, with the CSV and PDF downloads of every region's origin.
 */
export function PrivacyRecordSection({ missionId, record }: { missionId: number; record: PrivacyRecord }) {
  const t = useTranslations('missions.blurringRecord');
  const locale = useLocale();
  const timeZone = useAppTimeZone();
  const date = (iso: string | null) => (iso ? formatDate(iso, locale, { timeZone }) : t('notYet'));
  const who = (name: string | null, iso: string | null) => (iso ? `${name ?? '–'}, ${date(iso)}` : t('notYet'));
  const { blurring: state } = record;
  return (
    <div className={styles.stack} data-testid="privacy-record">
      <h3>{t('title')}</h3>
      <p className={styles.empty}>{t('intro')}</p>
      <p>
        {t('state')}: {state.finished ? t('finished', { name: state.finishedByName ?? '–', date: date(state.finishedAt) }) : t('open')}
        {state.blurredByName && <> · {t('blurredBy', { name: state.blurredByName })}</>}
      </p>
      {record.images.length === 0 ? (
        <p className={styles.empty}>{t('empty')}</p>
      ) : (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  {(['image', 'detector', 'regions', 'edited', 'approved'] as const).map((c) => <th key={c} scope="col">{t(c)}</th>)}
                </tr>
              </thead>
              <tbody>
                {record.images.map(({ image, regions }) => (
                  <tr key={image.id}>
                    <td>{image.filename}</td>
                    <td>{image.detector ? `${image.detector} ${image.detectorVersion ?? ''}` : t('notYet')}</td>
                    <td>
                      {t('fromDetector', { count: regions.filter((r) => r.source === 'detector').length })},{' '}
                      {t('byHand', { count: regions.filter((r) => r.source === 'manual').length })}
                    </td>
                    <td>{who(image.editedByName, image.editedAt)}</td>
                    <td>{who(image.approvedByName, image.approvedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            <a href={blurring.privacyRecord.url({ params: { id: missionId } })} download>{t('csv')}</a>
            {' · '}
            <a href={blurring.privacyRecord.url({ params: { id: missionId }, query: { format: 'pdf' } })} download>{t('pdf')}</a>
          </p>
        </>
      )}
    </div>
  );
}
