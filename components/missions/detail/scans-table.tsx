import { getLocale, getTimeZone, getTranslations } from 'next-intl/server';
import { ProgressBar } from '@/components/ui/progress-bar';
import { formatDate } from '@/lib/shared/format/date';
import type { DatasetDto } from '@/lib/shared/schemas/dataset';
import styles from './detail.module.css';

/** spec §3 Dataset (scan): the mission's datasets as they exist; an honest empty state otherwise. */
export async function ScansTable({ datasets }: { datasets: DatasetDto[] }) {
  const t = await getTranslations('missions.detail');
  const locale = await getLocale();
  const timeZone = await getTimeZone();
  if (datasets.length === 0) return <p className={styles.empty}>{t('scans.empty')}</p>;
  const date = (v: string | null) => formatDate(v, locale, { timeZone, notSet: t('notSet') });
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="scans">
        <thead>
          <tr>
            <th scope="col">{t('scans.datasetId')}</th>
            <th scope="col">{t('scans.type')}</th>
            <th scope="col">{t('scans.status')}</th>
            <th scope="col">{t('scans.createdAt')}</th>
            <th scope="col">{t('scans.lastSeen')}</th>
            <th scope="col">{t('scans.progress')}</th>
          </tr>
        </thead>
        <tbody>
          {datasets.map((d) => (
            <tr key={d.id}>
              <th scope="row" className={styles.mono}>{d.datasetId}</th>
              <td>{t(`scans.types.${d.type}`)}</td>
              <td>{t(`scans.statuses.${d.status}`)}</td>
              <td className={styles.nowrap}>{date(d.createdAt)}</td>
              <td className={styles.nowrap}>{date(d.lastSeenAt)}</td>
              <td className={styles.progress}>
                <ProgressBar value={d.progress} label={`${t('scans.progress')} ${d.datasetId}`} color={d.status === 'error' ? 'red' : 'primary'} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
