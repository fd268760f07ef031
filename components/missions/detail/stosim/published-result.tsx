'use client';

import { Link } from '@/components/ui/link';
import { useFormatter, useTranslations } from 'next-intl';
import type { PanelizerExportSummaryDto } from '@/lib/shared/schemas/panelizer';
import { PANELIZER_FILE_FORMATS } from '@/lib/shared/vocabulary/panelizer';
import styles from './stosim.module.css';

/** A published export as the customer and the partner see it: its totals, its files, the read-only editor. */
export function PublishedResult({ missionId, result }: { missionId: number; result: PanelizerExportSummaryDto }) {
  const t = useTranslations('missions.detail.stosim');
  const format = useFormatter();
  const m2 = (v: number) => t('squareMetres', { value: format.number(v, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) });
  return (
    <section className={styles.result} data-testid={`stosim-published-${result.id}`} aria-label={t('publishedHeading', { name: result.name, number: result.number })}>
      <h3 className={styles.heading}>{t('publishedHeading', { name: result.name, number: result.number })}</h3>
      <dl className={styles.totals}>
        <div><dt>{t('totals.gross')}</dt><dd data-testid="stosim-gross">{m2(result.totals.gross)}</dd></div>
        <div><dt>{t('totals.openings')}</dt><dd data-testid="stosim-openings">{m2(result.totals.openingsArea)}</dd></div>
        <div><dt>{t('totals.net')}</dt><dd data-testid="stosim-net">{m2(result.totals.net)}</dd></div>
        <div><dt>{t('totals.count')}</dt><dd data-testid="stosim-count">{format.number(result.totals.openingsCount)}</dd></div>
      </dl>
      <div className={styles.files}>
        <span className={styles.muted}>{t('files')}:</span>
        {PANELIZER_FILE_FORMATS.map((f) => (
          <a key={f} href={result.files[f]} download>{f.toUpperCase()}</a>
        ))}
        <Link href={`/mission/${missionId}/panelizer?export=${result.id}`}>{t('openExport')}</Link>
      </div>
    </section>
  );
}
