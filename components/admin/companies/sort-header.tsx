'use client';

import styles from './center.module.css';

export type SortOrder = 'asc' | 'desc';

/** A column header that sorts by its column: first click ascending, the next one flips. */
export function SortHeader<S extends string>({ column, label, sort, order, onSort }: { column: S; label: string; sort: S; order: SortOrder; onSort: (sort: S, order: SortOrder) => void }) {
  const active = column === sort;
  return (
    <th scope="col" aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className={styles.sortButton} onClick={() => onSort(column, active && order === 'asc' ? 'desc' : 'asc')}>
        {label}
        {active && <span aria-hidden="true">{order === 'asc' ? ' ▲' : ' ▼'}</span>}
      </button>
    </th>
  );
}
