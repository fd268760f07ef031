'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useDateText } from '@/lib/i18n/date-text';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { countryName } from '@/lib/shared/countries';
import { CENTER_PAGE_SIZE, type CompanyDto, type CompanyFields, type CompanyPage, type CompanyRow, type CompanySort } from '@/lib/shared/schemas/company';
import styles from './center.module.css';
import { CompanyForm } from './company-form';
import { Pager } from './pager';
import { SortHeader, type SortOrder } from './sort-header';
import { useCenterRecords, type CenterTexts } from './use-center-records';
import { useCenterUrl } from './use-center-url';

export interface CompanyListQuery {
  q: string;
  sort: CompanySort;
  order: SortOrder;
  page: number;
}

const DEFAULTS = { q: '', sort: 'name', order: 'asc', page: 1 };

/**
 * spec §2 /company-center: the companies (search, sort by name, type, town or creation, pages),
 * and create, edit and delete. The rows come from the server page; every change reloads them.
 */
export function CompanyCenterView({ query, page }: { query: CompanyListQuery; page: CompanyPage | null }) {
  const t = useTranslations('admin.companies');
  const dateText = useDateText();
  const locale = useLocale();
  const { apply, refresh, pending } = useCenterUrl(DEFAULTS);
  const [search, setSearch] = useState(query.q);
  const texts = useMemo<CenterTexts<CompanyRow, CompanyDto>>(
    () => ({
      created: (saved) => t('created', { name: saved.name }),
      updated: (saved) => t('updated', { name: saved.name }),
      deleted: (row) => t('deleted', { name: row.name }),
      createFailed: t('createFailed'),
      updateFailed: t('updateFailed'),
      deleteFailed: t('deleteFailed'),
      versionConflict: t('versionConflict'),
      refusal: (refused) =>
        refused.reason === 'in_use'
          ? t('deleteRefused', { missions: refused.counts.missions ?? 0, customers: refused.counts.customers ?? 0 })
          : refused.reason === 'provider'
            ? t('providerNotDeletable')
            : null,
    }),
    [t],
  );
  const { editing, setEditing, deleting, setDeleting, startDelete, refusal, deletePending, save, failureText, confirmDelete } = useCenterRecords<
    CompanyRow,
    CompanyFields,
    CompanyDto
  >({ center: 'companies', texts, refresh });

  const go = useCallback((next: Partial<CompanyListQuery>) => apply({ ...query, ...next }), [apply, query]);
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    go({ q: search.trim(), page: 1 });
  };
  const onSort = (sort: CompanySort, order: SortOrder) => go({ sort, order, page: 1 });

  const pages = page ? Math.max(1, Math.ceil(page.total / (page.pageSize || CENTER_PAGE_SIZE))) : 1;
  const columns = useMemo(
    () => ({ name: t('columns.name'), type: t('columns.type'), town: t('columns.town'), createdAt: t('columns.createdAt') }),
    [t],
  );
  const none = t('none');

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{t('title')}</h1>
        <button type="button" className={styles.button} onClick={() => setEditing({ mode: 'create' })}>
          {t('new')}
        </button>
      </header>

      <form className={styles.toolbar} role="search" onSubmit={onSearch}>
        <label className={styles.toolbarField}>
          {t('search')}
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('searchHint')} maxLength={100} />
        </label>
        <button type="submit" className={`${styles.button} ${styles.secondary}`}>
          {t('searchButton')}
        </button>
      </form>

      {!page ? (
        <div className={styles.problem} role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className={styles.button} onClick={refresh}>
            {t('retry')}
          </button>
        </div>
      ) : page.items.length === 0 ? (
        <div className={styles.empty}>{t('empty')}</div>
      ) : (
        <div className={`${styles.tableWrap} ${pending ? styles.pending : ''}`} aria-busy={pending}>
          <table className={styles.table}>
            <thead>
              <tr>
                <SortHeader column="name" label={columns.name} sort={query.sort} order={query.order} onSort={onSort} />
                <SortHeader column="type" label={columns.type} sort={query.sort} order={query.order} onSort={onSort} />
                <th scope="col">{t('columns.contact')}</th>
                <th scope="col">{t('columns.phone')}</th>
                <SortHeader column="town" label={columns.town} sort={query.sort} order={query.order} onSort={onSort} />
                <th scope="col">{t('columns.country')}</th>
                <th scope="col" className={styles.number}>
                  {t('columns.customers')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('columns.missions')}
                </th>
                <SortHeader column="createdAt" label={columns.createdAt} sort={query.sort} order={query.order} onSort={onSort} />
                <th scope="col" data-actions>
                  {t('columns.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((company) => {
                const contact = [company.contactFirstName, company.contactLastName].filter(Boolean).join(' ');
                return (
                  <tr key={company.id} data-company-id={company.id}>
                    <td>
                      {company.name}
                      {company.isProvider && <span className={styles.badge}>{t('provider')}</span>}
                    </td>
                    <td>{t(`types.${company.type}`)}</td>
                    <td>
                      {contact || (company.contactEmail ? '' : none)}
                      {company.contactEmail && <div className={styles.muted}>{company.contactEmail}</div>}
                    </td>
                    <td>{company.phone ?? none}</td>
                    <td>{[company.zip, company.town].filter(Boolean).join(' ') || none}</td>
                    <td>{countryName(company.country, locale)}</td>
                    <td className={styles.number}>{company.customerCount}</td>
                    <td className={styles.number}>{company.missionCount}</td>
                    <td>{dateText(company.createdAt, { time: false })}</td>
                    <td data-actions>
                      <div className={styles.actions}>
                        <button
                          type="button"
                          className={`${styles.button} ${styles.secondary} ${styles.small}`}
                          aria-label={t('actions.editLabel', { name: company.name })}
                          onClick={() => setEditing({ mode: 'edit', row: company })}
                        >
                          {t('actions.edit')}
                        </button>
                        <button
                          type="button"
                          className={`${styles.button} ${styles.secondary} ${styles.small}`}
                          aria-label={t('actions.deleteLabel', { name: company.name })}
                          title={company.isProvider ? t('providerNotDeletable') : undefined}
                          disabled={company.isProvider}
                          onClick={() => startDelete(company)}
                        >
                          {t('actions.delete')}
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {page && (
        <Pager
          page={page.page}
          pages={pages}
          disabled={pending}
          onPage={(n) => go({ page: n })}
          texts={{ total: t('total', { count: page.total }), page: t('page', { page: page.page, pages }), previous: t('previous'), next: t('next') }}
        />
      )}

      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'edit' ? t('editTitle', { name: editing.row.name }) : t('createTitle')}
        className={styles.wideDialog}
      >
        {editing && (
          <CompanyForm
            key={editing.mode === 'edit' ? `${editing.row.id}@${editing.row.version}` : 'new'}
            company={editing.mode === 'edit' ? editing.row : undefined}
            onSubmit={save}
            onCancel={() => setEditing(null)}
            failureText={failureText}
          />
        )}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={deleting ? t('deleteConfirm', { name: deleting.name }) : ''}
        problem={refusal}
        confirmLabel={t('actions.delete')}
        cancelLabel={t('actions.cancel')}
        pending={deletePending}
        buttonClassNames={{ cancel: `${styles.button} ${styles.secondary}`, confirm: `${styles.button} ${styles.danger}` }}
        problemClassName={styles.formError}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
