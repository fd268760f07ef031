import { useLocale, useTranslations } from 'next-intl';
import type { MissionDetail } from '@/lib/shared/schemas/mission-view';
import styles from './detail.module.css';
import { numberFormat } from '@/lib/shared/format/number';

/** spec §3 Building: name, type, levels, ground area, perimeter, facade area — and the mission's totals. */
export function BuildingsTable({ buildings }: { buildings: MissionDetail['buildings'] }) {
  const t = useTranslations('missions.detail.buildings');
  const locale = useLocale();
  const number = numberFormat(locale, 1);
  const area = (v: number) => t('area', { value: number.format(v) });
  const length = (v: number) => t('length', { value: number.format(v) });
  if (buildings.length === 0) return <p className={styles.empty}>{t('empty')}</p>;
  const sum = (pick: (b: MissionDetail['buildings'][number]) => number) => buildings.reduce((total, b) => total + pick(b), 0);
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="buildings">
        <thead>
          <tr>
            <th scope="col">{t('name')}</th>
            <th scope="col">{t('type')}</th>
            <th scope="col" className={styles.numeric}>{t('levels')}</th>
            <th scope="col" className={styles.numeric}>{t('groundArea')}</th>
            <th scope="col" className={styles.numeric}>{t('perimeter')}</th>
            <th scope="col" className={styles.numeric}>{t('facadeArea')}</th>
          </tr>
        </thead>
        <tbody>
          {buildings.map((b) => (
            <tr key={b.id}>
              <th scope="row">{b.name}</th>
              <td>{t(`types.${b.type}`)}</td>
              <td className={styles.numeric}>{b.levels}</td>
              <td className={styles.numeric}>{area(b.groundArea)}</td>
              <td className={styles.numeric}>{length(b.perimeter)}</td>
              <td className={styles.numeric}>{area(b.facadeArea)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>{t('total', { count: buildings.length })}</th>
            <td className={styles.numeric}>{sum((b) => b.levels)}</td>
            <td className={styles.numeric}>{area(sum((b) => b.groundArea))}</td>
            <td className={styles.numeric}>{length(sum((b) => b.perimeter))}</td>
            <td className={styles.numeric}>{area(sum((b) => b.facadeArea))}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
