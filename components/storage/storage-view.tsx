'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { storageApi } from '@/lib/client/api/storage';
import { useEndpoint } from '@/lib/client/api/use-endpoint';
import { MISSION_STORAGE_STATES, type MissionStorageState, type StorageMissionDto, type StorageOverviewDto } from '@/lib/shared/schemas/storage';
import { CompanyGroup } from './company-group';
import { OrphansPanel } from './orphans-panel';
import { sortMissions, STORAGE_SORTS, type StorageSort } from './storage-sort';
import { useStorageText } from './storage-text';
import styles from './storage.module.css';

const RUNNING: readonly MissionStorageState[] = ['syncing', 'unsyncing', 'restoring'];
/** Live progress while an operation runs; otherwise a slow refresh for what others started. */
const POLL_RUNNING_MS = 1500;
const POLL_IDLE_MS = 15_000;

/**
 * spec §2 /storage: the missions per company with local and cloud size, state and last sync; the
 * list collapses and expands per company (with totals) and per mission (its files); filters and
 * sort; totals of local and cloud usage and free local disk; sync, unsync and restore.
 */
export function StorageView({ initial }: { initial: StorageOverviewDto | null }) {
  const t = useTranslations('storage');
  const text = useStorageText();
  const [q, setQ] = useState('');
  const [state, setState] = useState<MissionStorageState | ''>('');
  const [companyId, setCompanyId] = useState<number | ''>('');
  const [sort, setSort] = useState<StorageSort>('name');
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const { data, error, mutate } = useEndpoint(storageApi.storageOverview, {}, {
    fallbackData: initial ?? undefined,
    keepPreviousData: true,
    refreshInterval: (latest) => (latest?.missions.some((m) => RUNNING.includes(m.state)) ? POLL_RUNNING_MS : POLL_IDLE_MS),
  });
  const overview = data ?? null;
  const companies = useMemo(() => groupByCompany(overview?.missions ?? []), [overview]);
  const visible = useMemo(() => {
    const needle = q.trim().toLowerCase();
    const keep = (m: StorageMissionDto) => (!needle || m.name.toLowerCase().includes(needle) || String(m.id) === needle) && (!state || m.state === state);
    return companies
      .filter((c) => companyId === '' || c.id === companyId)
      .map((c) => ({ ...c, missions: sortMissions(c.missions.filter(keep), sort) }))
      .filter((c) => c.missions.length > 0);
  }, [companies, q, state, companyId, sort]);
  const failed = error !== undefined || (initial === null && !data);

  return (
    <section className={styles.page} aria-labelledby="storage-title">
      <header>
        <h1 id="storage-title" className={styles.title}>{t('title')}</h1>
        <p className={styles.intro}>{t('intro')}</p>
      </header>
      {failed && <p role="alert" className={styles.error}>{t('loadFailed')}</p>}
      {overview && (
        <p className={styles.totals} data-testid="storage-totals">
          <span>{t('totals.local', { size: text.bytes(overview.totals.localBytes) })}</span>
          <span>{t('totals.cloud', { size: text.bytes(overview.totals.cloudBytes) })}</span>
          {overview.totals.freeLocalBytes !== null && <span>{t('totals.free', { size: text.bytes(overview.totals.freeLocalBytes) })}</span>}
        </p>
      )}
      <div className={styles.filters}>
        <label>
          {t('filters.search')}{' '}
          <input type="search" value={q} maxLength={100} onChange={(e) => setQ(e.target.value)} />
        </label>
        <label>
          {t('filters.state')}{' '}
          <select value={state} onChange={(e) => setState(e.target.value as MissionStorageState | '')}>
            <option value="">{t('filters.all')}</option>
            {MISSION_STORAGE_STATES.map((s) => <option key={s} value={s}>{t(`states.${s}`, { percent: '…' })}</option>)}
          </select>
        </label>
        <label>
          {t('filters.company')}{' '}
          <select value={companyId} onChange={(e) => setCompanyId(e.target.value === '' ? '' : Number(e.target.value))}>
            <option value="">{t('filters.all')}</option>
            {companies.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
        </label>
        <label>
          {t('filters.sort')}{' '}
          <select value={sort} onChange={(e) => setSort(e.target.value as StorageSort)}>
            {STORAGE_SORTS.map((s) => <option key={s} value={s}>{t(`filters.sorts.${s}`)}</option>)}
          </select>
        </label>
        <button type="button" className={styles.button} onClick={() => setCollapsed(new Set())}>{t('expandAll')}</button>
        <button type="button" className={styles.button} onClick={() => setCollapsed(new Set(companies.map((c) => c.id)))}>{t('collapseAll')}</button>
      </div>
      {overview && visible.length === 0 && <p className={styles.muted}>{t('empty')}</p>}
      {visible.map((c) => (
        <CompanyGroup
          key={c.id}
          company={c}
          totals={companies.find((all) => all.id === c.id)!}
          open={!collapsed.has(c.id)}
          onToggle={() => setCollapsed((prev) => toggled(prev, c.id))}
          onChanged={() => void mutate()}
        />
      ))}
      {overview?.orphansAllowed && <OrphansPanel />}
    </section>
  );
}

export interface CompanyMissions {
  id: number;
  name: string;
  missions: StorageMissionDto[];
}

function groupByCompany(missions: readonly StorageMissionDto[]): CompanyMissions[] {
  const byId = new Map<number, CompanyMissions>();
  for (const m of missions) {
    const group = byId.get(m.companyId) ?? { id: m.companyId, name: m.companyName, missions: [] };
    group.missions.push(m);
    byId.set(m.companyId, group);
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function toggled(set: ReadonlySet<number>, id: number): ReadonlySet<number> {
  const next = new Set(set);
  if (!next.delete(id)) next.add(id);
  return next;
}
