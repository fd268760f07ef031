'use client';

import { useTranslations } from 'next-intl';
import { useDateText } from '@/lib/i18n/date-text';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import styles from '@/components/admin/companies/center.module.css';
import { Pager } from '@/components/admin/companies/pager';
import { SortHeader, type SortOrder } from '@/components/admin/companies/sort-header';
import { useCenterRecords, type CenterTexts } from '@/components/admin/companies/use-center-records';
import { useCenterUrl } from '@/components/admin/companies/use-center-url';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import type { CustomerDto, CustomerPage, CustomerRow, CustomerSort } from '@/lib/shared/schemas/customer';
import type { CompanyItem } from '@/lib/shared/schemas/pickers';
import { CustomerForm, type CustomerFormValues } from './customer-form';

export interface CustomerListQuery {
  q: string;
  companyId: number | null;
  sort: CustomerSort;
  order: SortOrder;
  page: number;
}

const DEFAULTS = { q: '', companyId: '', sort: 'name', order: 'asc', page: 1 };

export interface CustomerCenterViewProps {
  query: CustomerListQuery;
  page: CustomerPage | null;
  companies: readonly Pick<CompanyItem, 'id' | 'name'>[];
  nameMinLength: number;
  /** write.customer: create, edit and delete. */
  canWrite: boolean;
}

/**
 * spec §2 /customer-center: the customers with their customer number (the spec's customerID),
 * company, account type, parent and contact; search, company filter, sort, pages; create, edit
 * and delete for users with write.customer.
 */
export function CustomerCenterView({ query, page, companies, nameMinLength, canWrite }: CustomerCenterViewProps) {
  const t = useTranslations('admin.customers');
  const dateText = useDateText();
  const { apply, refresh, pending } = useCenterUrl(DEFAULTS);
  const [search, setSearch] = useState(query.q);
  const texts = useMemo<CenterTexts<CustomerRow, CustomerDto>>(
    () => ({
      created: (saved) => t('created', { name: saved.name, number: saved.customerNumber }),
      updated: (saved) => t('updated', { name: saved.name }),
      deleted: (row) => t('deleted', { name: row.name }),
      createFailed: t('createFailed'),
      updateFailed: t('updateFailed'),
      deleteFailed: t('deleteFailed'),
      versionConflict: t('versionConflict'),
      refusal: (refused) =>
        refused.reason === 'in_use' ? t('deleteRefused', { missions: refused.counts.missions ?? 0, subCustomers: refused.counts.subCustomers ?? 0 }) : null,
    }),
    [t],
  );
  const { editing, setEditing, deleting, setDeleting, startDelete, refusal, deletePending, save, failureText, confirmDelete } = useCenterRecords<
    CustomerRow,
    CustomerFormValues,
    CustomerDto
  >({
    center: 'customers',
    texts,
    refresh,
    // Company and customer number are fixed once a customer exists (sessions carry the number).
    toUpdate: ({ companyId: _company, customerNumber: _number, ...editable }) => editable,
  });

  const go = useCallback((next: Partial<CustomerListQuery>) => apply({ ...query, ...next }), [apply, query]);
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    go({ q: search.trim(), page: 1 });
  };
  const onSort = (sort: CustomerSort, order: SortOrder) => go({ sort, order, page: 1 });

  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  const none = t('none');
  const header = (column: CustomerSort, key: 'customerNumber' | 'name' | 'company' | 'accountType' | 'createdAt') => (
    <SortHeader column={column} label={t(`columns.${key}`)} sort={query.sort} order={query.order} onSort={onSort} />
  );

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{t('title')}</h1>
        {canWrite && (
          <button type="button" className={styles.button} onClick={() => setEditing({ mode: 'create' })}>
            {t('new')}
          </button>
        )}
      </header>

      <form className={styles.toolbar} role="search" onSubmit={onSearch}>
        <label className={styles.toolbarField}>
          {t('search')}
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('searchHint')} maxLength={100} />
        </label>
        <button type="submit" className={`${styles.button} ${styles.secondary}`}>
          {t('searchButton')}
        </button>
        <label className={styles.toolbarField}>
          {t('filterCompany')}
          <select value={query.companyId ?? ''} onChange={(e) => go({ companyId: e.target.value ? Number(e.target.value) : null, page: 1 })}>
            <option value="">{t('allCompanies')}</option>
            {companies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
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
                {header('customerNumber', 'customerNumber')}
                {header('name', 'name')}
                {header('company', 'company')}
                {header('accountType', 'accountType')}
                <th scope="col">{t('columns.parent')}</th>
                <th scope="col">{t('columns.contact')}</th>
                <th scope="col">{t('columns.town')}</th>
                {header('createdAt', 'createdAt')}
                {canWrite && (
                  <th scope="col" data-actions>
                    {t('columns.actions')}
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {page.items.map((customer) => {
                const contact = [customer.contactFirstName, customer.contactLastName].filter(Boolean).join(' ');
                return (
                  <tr key={customer.id} data-customer-id={customer.id}>
                    <td className={styles.number}>{customer.customerNumber}</td>
                    <td>{customer.name}</td>
                    <td>{customer.companyName}</td>
                    <td>{t(`accountTypes.${customer.accountType}`)}</td>
                    <td>{customer.parentName ?? none}</td>
                    <td>
                      {contact || (customer.contactEmail ? '' : none)}
                      {customer.contactEmail && <div className={styles.muted}>{customer.contactEmail}</div>}
                    </td>
                    <td>{[customer.zip, customer.town].filter(Boolean).join(' ') || none}</td>
                    <td>{dateText(customer.createdAt, { time: false })}</td>
                    {canWrite && (
                      <td data-actions>
                        <div className={styles.actions}>
                          <button
                            type="button"
                            className={`${styles.button} ${styles.secondary} ${styles.small}`}
                            aria-label={t('actions.editLabel', { name: customer.name })}
                            onClick={() => setEditing({ mode: 'edit', row: customer })}
                          >
                            {t('actions.edit')}
                          </button>
                          <button
                            type="button"
                            className={`${styles.button} ${styles.secondary} ${styles.small}`}
                            aria-label={t('actions.deleteLabel', { name: customer.name })}
                            onClick={() => startDelete(customer)}
                          >
                            {t('actions.delete')}
                          </button>
                        </div>
                      </td>
                    )}
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
          <CustomerForm
            key={editing.mode === 'edit' ? `${editing.row.id}@${editing.row.version}` : 'new'}
            customer={editing.mode === 'edit' ? editing.row : undefined}
            companies={companies}
            nameMinLength={nameMinLength}
            onSubmit={save}
            onCancel={() => setEditing(null)}
            failureText={failureText}
          />
        )}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={deleting ? t('deleteConfirm', { name: deleting.name, number: deleting.customerNumber }) : ''}
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
