'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { MissionPriority, MissionStatus, ProjectStep } from '@/lib/shared/schemas/mission';
import type { MissionListFilters, MissionSort } from '@/lib/shared/schemas/mission-view';
import type { MissionTableColumn } from '@/lib/shared/schemas/table-preset';
import { debounce, VALIDATION_DEBOUNCE_MS } from '@/lib/shared/validation/debounce';
import { FilterChoice, type Choice } from './filter-choice';
import { hasFilters } from './list-query';
import styles from './mission-list.module.css';

export interface FilterOptions {
  companies: Choice[];
  customers: Choice[];
  users: Choice[];
  tags: Choice[];
}

/** Which filters this user may use (spec §6: only internal users choose companies and assignees). */
export interface FilterVisibility {
  company: boolean;
  customer: boolean;
  assignee: boolean;
  includeHidden: boolean;
}

/**
 * The enums the filters offer. The server passes them in: importing them here would bring the
 * zod schemas they live beside into the browser bundle.
 */
export interface ListVocabulary {
  statuses: readonly MissionStatus[];
  steps: readonly ProjectStep[];
  priorities: readonly MissionPriority[];
  sorts: readonly MissionSort[];
  tableColumns: readonly MissionTableColumn[];
}

interface Props {
  filters: MissionListFilters;
  vocab: ListVocabulary;
  options: FilterOptions;
  visible: FilterVisibility;
  /** Filters the page sets itself (assigned to me); they are neither shown nor put into the URL. */
  fixed?: Partial<MissionListFilters>;
  onApply: (filters: Partial<MissionListFilters>) => void;
}

const ids = (values: readonly (string | number)[] | undefined) => (values ?? []).map(String);

/** The list's filters and sort; every change goes into the URL (onApply). */
export function MissionFiltersBar({ filters: applied, options, visible, vocab, fixed = {}, onApply }: Props) {
  const t = useTranslations('missions.list');
  const tv = useTranslations('missions.fields.values');
  // What the user chose shows at once; the list follows when the new URL has rendered (and the
  // server's filters replace the draft). Quick changes in a row build on each other, not on the old URL.
  const [filters, setFilters] = useState(applied);
  useEffect(() => setFilters(applied), [applied]);
  const own = useMemo(() => {
    const copy: Partial<MissionListFilters> = { ...filters };
    for (const key of Object.keys(fixed) as (keyof MissionListFilters)[]) delete copy[key];
    return copy;
  }, [filters, fixed]);
  const set = (change: Partial<MissionListFilters>) => {
    setFilters({ ...filters, ...change });
    onApply({ ...own, ...change });
  };

  // The search box applies 500 ms after the last keystroke (spec §5 general inputs).
  const [q, setQ] = useState(filters.q ?? '');
  // One debounced search for the component's life, reading the filters of the moment it fires.
  const latest = useRef({ own, onApply });
  useEffect(() => {
    latest.current = { own, onApply };
  });
  const search = useMemo(
    () => debounce((text: string) => latest.current.onApply({ ...latest.current.own, q: text.trim() || undefined }), VALIDATION_DEBOUNCE_MS),
    [],
  );
  useEffect(() => () => search.cancel(), [search]);
  useEffect(() => setQ(filters.q ?? ''), [filters.q]);

  const enumChoices = (group: 'status' | 'step' | 'priority', values: readonly string[]): Choice[] => values.map((value) => ({ value, label: tv(`${group}.${value}`) }));

  return (
    <section className={styles.filters} aria-label={t('filters.label')}>
      <label className={styles.search}>
        <span>{t('filters.search')}</span>
        <input
          type="search"
          value={q}
          placeholder={t('filters.searchPlaceholder')}
          maxLength={200}
          onChange={(e) => {
            setQ(e.target.value);
            search(e.target.value);
          }}
        />
      </label>
      <FilterChoice label={t('filters.status')} options={enumChoices('status', vocab.statuses)} selected={ids(filters.status)} onChange={(v) => set({ status: v as MissionListFilters['status'] })} />
      <FilterChoice label={t('filters.step')} options={enumChoices('step', vocab.steps)} selected={ids(filters.step)} onChange={(v) => set({ step: v as MissionListFilters['step'] })} />
      <FilterChoice label={t('filters.priority')} options={enumChoices('priority', vocab.priorities)} selected={ids(filters.priority)} onChange={(v) => set({ priority: v as MissionListFilters['priority'] })} />
      {visible.company && options.companies.length > 0 && (
        <FilterChoice label={t('filters.company')} options={options.companies} selected={ids(filters.companyId)} onChange={(v) => set({ companyId: v.map(Number) })} />
      )}
      {visible.customer && options.customers.length > 0 && (
        <FilterChoice label={t('filters.customer')} options={options.customers} selected={ids(filters.customerId)} onChange={(v) => set({ customerId: v.map(Number) })} />
      )}
      {visible.assignee && options.users.length > 0 && (
        <FilterChoice label={t('filters.assignee')} options={options.users} selected={ids(filters.assigneeId)} onChange={(v) => set({ assigneeId: v })} />
      )}
      {options.tags.length > 0 && <FilterChoice label={t('filters.tags')} options={options.tags} selected={ids(filters.tagId)} onChange={(v) => set({ tagId: v.map(Number) })} />}
      {visible.includeHidden && (
        <label className={styles.toggle}>
          <input type="checkbox" checked={filters.includeHidden} onChange={(e) => set({ includeHidden: e.target.checked })} />
          {t('filters.includeHidden')}
        </label>
      )}
      <label className={styles.sort}>
        <span>{t('sort.label')}</span>
        <select value={filters.sort} onChange={(e) => set({ sort: e.target.value as MissionSort })}>
          {vocab.sorts.map((key) => (
            <option key={key} value={key}>
              {t(`sort.keys.${key}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.sort}>
        <span>{t('sort.order')}</span>
        <select value={filters.order} onChange={(e) => set({ order: e.target.value as 'asc' | 'desc' })}>
          <option value="asc">{t('sort.asc')}</option>
          <option value="desc">{t('sort.desc')}</option>
        </select>
      </label>
      {hasFilters(filters) && (
        <button type="button" className={styles.linkButton} onClick={() => onApply({ sort: filters.sort, order: filters.order })}>
          {t('filters.clear')}
        </button>
      )}
    </section>
  );
}
