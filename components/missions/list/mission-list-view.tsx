'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import type { MissionListFilters, MissionPage } from '@/lib/shared/schemas/mission-view';
import type { MissionTableColumn, TablePresetDto } from '@/lib/shared/schemas/table-preset';
import { ColumnChooser } from './column-chooser';
import { ExportButton } from './export-button';
import { COLUMNS_PARAM } from './list-query';
import { MissionFiltersBar, type FilterOptions, type FilterVisibility, type ListVocabulary } from './mission-filters-bar';
import { MissionTable } from './mission-table';
import styles from './mission-list.module.css';
import { useListUrl } from './use-list-url';

export type ListVariant = 'list' | 'table' | 'assigned' | 'project';

export interface MissionListViewProps {
  variant: ListVariant;
  title: string;
  filters: MissionListFilters;
  fixed?: Partial<MissionListFilters>;
  listQuery: string;
  initialPage: MissionPage | null;
  columns: readonly MissionTableColumn[];
  options: FilterOptions;
  visible: FilterVisibility;
  vocab: ListVocabulary;
  tagNames: Record<number, string>;
  userNames: Record<string, string>;
  presets?: TablePresetDto[] | null;
  canExport?: boolean;
}

/** The project list names its columns as spec §2 does; the other lists use the field labels. */
const PROJECT_HEADER: Partial<Record<MissionTableColumn, string>> = { createdAt: 'created' };

/** One mission list screen: filters and sort (in the URL), the rows, and the variant's extras. */
export function MissionListView(props: MissionListViewProps) {
  const { variant, title, filters, fixed, listQuery } = props;
  const tf = useTranslations('missions.fields');
  const tp = useTranslations('projectList.columns');
  const router = useRouter();
  const { apply, pending } = useListUrl();
  const [columns, setColumns] = useState<readonly MissionTableColumn[]>(props.columns);

  const chooseColumns = useCallback((next: MissionTableColumn[]) => {
    setColumns(next);
    // Columns change no data: only the address is updated, so a reload or a shared link shows them.
    const url = new URL(window.location.href);
    url.searchParams.set(COLUMNS_PARAM, next.join(','));
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search.replace(/%2C/gi, ',')}`);
  }, []);

  const headerLabel = (column: MissionTableColumn) =>
    variant === 'project' ? tp((PROJECT_HEADER[column] ?? column) as 'id') : tf(column);
  const own = { ...filters };
  for (const key of Object.keys(fixed ?? {}) as (keyof MissionListFilters)[]) delete own[key];

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{title}</h1>
        {variant === 'project' && props.canExport && <ExportButton filters={filters} />}
      </header>
      <MissionFiltersBar filters={filters} options={props.options} visible={props.visible} vocab={props.vocab} fixed={fixed} onApply={apply} />
      {variant === 'table' && <ColumnChooser columns={columns} allColumns={props.vocab.tableColumns} onChange={chooseColumns} presets={props.presets ?? null} />}
      <div aria-busy={pending} className={pending ? styles.pending : undefined}>
        <MissionTable
          key={`${listQuery}|${props.initialPage ? 'loaded' : 'failed'}`}
          columns={columns}
          headerLabel={headerLabel}
          initialPage={props.initialPage}
          listQuery={listQuery}
          sort={filters.sort}
          order={filters.order}
          onSort={(sort, order) => apply({ ...own, sort, order })}
          onRetryFirstPage={() => router.refresh()}
          tagNames={props.tagNames}
          userNames={props.userNames}
        />
      </div>
    </div>
  );
}
