'use client';

import { useTranslations } from 'next-intl';
import { MissionRow } from './mission-row';
import type { CompanyMissions } from './storage-view';
import { useStorageText } from './storage-text';
import styles from './storage.module.css';

/** One company's missions, collapsible; its heading carries the totals of all its missions (filters aside). */
export function CompanyGroup({ company, totals, open, onToggle, onChanged }: { company: CompanyMissions; totals: CompanyMissions; open: boolean; onToggle(): void; onChanged(): void }) {
  const t = useTranslations('storage');
  const text = useStorageText();
  const local = totals.missions.reduce((sum, m) => sum + m.localBytes, 0);
  const cloud = totals.missions.reduce((sum, m) => sum + m.cloudBytes, 0);
  const bodyId = `storage-company-${company.id}`;
  return (
    <section className={styles.group} data-testid={`storage-company-${company.id}`}>
      <button type="button" className={styles.groupHeader} aria-expanded={open} aria-controls={bodyId} onClick={onToggle}>
        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        <span className={styles.groupName}>{company.name}</span>
        <span className={styles.muted}>{t('companyTotals', { count: totals.missions.length, local: text.bytes(local), cloud: text.bytes(cloud) })}</span>
      </button>
      {open && (
        <table id={bodyId} className={styles.table}>
          <thead>
            <tr>
              {(['mission', 'local', 'cloud', 'state', 'lastSync', 'actions'] as const).map((c) => <th key={c} scope="col" data-actions={c === 'actions' || undefined}>{t(`columns.${c}`)}</th>)}
            </tr>
          </thead>
          {company.missions.map((m) => <MissionRow key={m.id} mission={m} onChanged={onChanged} />)}
        </table>
      )}
    </section>
  );
}
