'use client';

import { Link } from '@/components/ui/link';
import { useLocale, useTranslations } from 'next-intl';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { missions } from '@/lib/client/api/missions';
import { useAppTimeZone } from '@/lib/i18n/time-zone';
import type { MissionListItem, MissionPage, MissionSort } from '@/lib/shared/schemas/mission-view';
import type { MissionTableColumn } from '@/lib/shared/schemas/table-preset';
import { cellText, SORT_OF_COLUMN, type CellContext } from './columns';
import { missionHref, PAGE_SIZE } from './list-query';
import styles from './mission-list.module.css';

export interface MissionTableProps {
  columns: readonly MissionTableColumn[];
  headerLabel: (column: MissionTableColumn) => string;
  /** The server-rendered first page; null when it failed. */
  initialPage: MissionPage | null;
  /** The list's `GET /api/v2/missions` query (also the detail page's `from`). */
  listQuery: string;
  sort: MissionSort;
  order: 'asc' | 'desc';
  onSort: (sort: MissionSort, order: 'asc' | 'desc') => void;
  onRetryFirstPage: () => void;
  tagNames: Readonly<Record<number, string>>;
  userNames: Readonly<Record<string, string>>;
}

/**
 * The rows of a mission list: the first page from the server, then further pages through the
 * keyset cursor ("load more", and automatically when the end of the table scrolls into view).
 * Give it `key={listQuery}` so a new filter starts from its new first page.
 */
export function MissionTable(props: MissionTableProps) {
  const { columns, headerLabel, initialPage, listQuery, sort, order, onSort, onRetryFirstPage } = props;
  const t = useTranslations('missions');
  const tAll = useTranslations();
  const locale = useLocale();
  const timeZone = useAppTimeZone();
  const [items, setItems] = useState<MissionListItem[]>(initialPage?.items ?? []);
  const [cursor, setCursor] = useState<string | null>(initialPage?.nextCursor ?? null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const busy = useRef(false);
  const cellCtx = useMemo<CellContext>(
    () => ({ t: tAll as unknown as (key: string) => string, locale, timeZone, tagNames: props.tagNames, userNames: props.userNames }),
    [tAll, locale, timeZone, props.tagNames, props.userNames],
  );

  const loadMore = useCallback(async () => {
    if (!cursor || busy.current) return;
    busy.current = true;
    setLoading(true);
    setFailed(false);
    try {
      const page = await missions.listMissions({ query: { limit: PAGE_SIZE, cursor } }, { search: listQuery });
      setItems((before) => [...before, ...page.items]);
      setCursor(page.nextCursor);
    } catch {
      setFailed(true);
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [cursor, listQuery]);

  // Infinite loading: the next page comes when the end of the list scrolls into view.
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !cursor || failed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void loadMore(), { rootMargin: '200px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [cursor, failed, loadMore]);

  if (!initialPage) {
    return (
      <div role="alert" className={styles.problem}>
        <p>{t('messages.loadMissionsFailed')}</p>
        <button type="button" onClick={onRetryFirstPage}>
          {t('list.retry')}
        </button>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className={styles.empty} role="status">
        <p className={styles.emptyTitle}>{t('messages.noMissionsFound')}</p>
        <p>{t('list.emptyHint')}</p>
      </div>
    );
  }

  const headerSort = (column: MissionTableColumn) => {
    const key = SORT_OF_COLUMN[column];
    if (!key) return null;
    return { key, active: key === sort, next: key === sort ? (order === 'asc' ? 'desc' : 'asc') : key === 'created' ? 'desc' : 'asc' } as const;
  };
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{t('list.caption')}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const s = headerSort(column);
              return (
                <th key={column} scope="col" aria-sort={s?.active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}>
                  {s ? (
                    <button type="button" className={styles.sortButton} title={t('list.sort.by', { column: headerLabel(column) })} onClick={() => onSort(s.key, s.next)}>
                      {headerLabel(column)}
                      {s.active && <span aria-hidden="true">{order === 'asc' ? ' ▲' : ' ▼'}</span>}
                    </button>
                  ) : (
                    headerLabel(column)
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <MissionRow key={item.id} item={item} columns={columns} listQuery={listQuery} ctx={cellCtx} />
          ))}
        </tbody>
      </table>
      <div ref={sentinel} className={styles.more}>
        <span role="status">{t('list.shown', { count: items.length })}</span>
        {failed && (
          <span role="alert" className={styles.error}>
            {t('messages.loadMissionsFailed')}
          </span>
        )}
        {cursor ? (
          <button type="button" onClick={() => void loadMore()} disabled={loading} aria-busy={loading}>
            {loading ? t('list.loading') : failed ? t('list.retry') : t('list.loadMore')}
          </button>
        ) : (
          <span>{t('list.allLoaded')}</span>
        )}
      </div>
    </div>
  );
}

/**
 * One row, a component of its own: the rows already shown are not rendered again when "load more"
 * appends the next page (each page rendered every row before it again), and React may pause
 * between rows while it hydrates them.
 */
const MissionRow = memo(function MissionRow({ item, columns, listQuery, ctx }: { item: MissionListItem; columns: readonly MissionTableColumn[]; listQuery: string; ctx: CellContext }) {
  return (
    <tr data-mission-id={item.id}>
      {columns.map((column) => (
        <td key={column}>
          {column === 'name' || column === 'id' ? (
            <Link href={missionHref(item.id, listQuery)}>
              {cellText(item, column, ctx)}
            </Link>
          ) : (
            cellText(item, column, ctx)
          )}
        </td>
      ))}
    </tr>
  );
});
