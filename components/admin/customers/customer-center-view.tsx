'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useCallback, useState, type FormEvent } from 'react';
import { refusalOf } from '@/components/admin/companies/center-errors';
import styles from '@/components/admin/companies/center.module.css';
import { Pager } from '@/components/admin/companies/pager';
import { isVersionConflict } from '@/components/admin/companies/server-errors';
import { SortHeader, type SortOrder } from '@/components/admin/companies/sort-header';
import { useCenterUrl } from '@/components/admin/companies/use-center-url';
import { useNotify } from '@/components/platform/notifications';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { apiFetch } from '@/lib/client/fetcher';
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

type Editing = { mode: 'create' } | { mode: 'edit'; customer: CustomerRow } | null;

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
  const format = useFormatter();
  const notify = useNotify();
  const { apply, refresh, pending } = useCenterUrl(DEFAULTS);
  const [search, setSearch] = useState(query.q);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<CustomerRow | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [deletePending, setDeletePending] = useState(false);

  const go = useCallback((next: Partial<CustomerListQuery>) => apply({ ...query, ...next }), [apply, query]);
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    go({ q: search.trim(), page: 1 });
  };
  const onSort = (sort: CustomerSort, order: SortOrder) => go({ sort, order, page: 1 });

  const save = async (values: CustomerFormValues) => {
    if (editing?.mode === 'edit') {
      const { companyId: _company, customerNumber: _number, ...editable } = values;
      const saved = await apiFetch<CustomerDto>(`/api/v2/customers/${editing.customer.id}`, { method: 'PUT', json: { ...editable, version: editing.customer.version } });
      notify({ type: 'success', text: t('updated', { name: saved.name }) });
    } else {
      const saved = await apiFetch<CustomerDto>('/api/v2/customers', { method: 'POST', json: values });
      notify({ type: 'success', text: t('created', { name: saved.name, number: saved.customerNumber }) });
    }
    setEditing(null);
    refresh();
  };
  const failureText = (err: unknown) =>
    isVersionConflict(err) ? t('versionConflict') : editing?.mode === 'edit' ? t('updateFailed') : t('createFailed');

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeletePending(true);
    try {
      await apiFetch(`/api/v2/customers/${deleting.id}`, { method: 'DELETE' });
      notify({ type: 'success', text: t('deleted', { name: deleting.name }) });
      setDeleting(null);
      refresh();
    } catch (err) {
      const refused = refusalOf(err);
      if (refused?.reason === 'in_use') setRefusal(t('deleteRefused', { missions: refused.counts.missions ?? 0, subCustomers: refused.counts.subCustomers ?? 0 }));
      else notify({ type: 'error', text: t('deleteFailed') });
    } finally {
      setDeletePending(false);
    }
  };

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
                {canWrite && <th scope="col">{t('columns.actions')}</th>}
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
                    <td>{format.dateTime(new Date(customer.createdAt), { dateStyle: 'medium' })}</td>
                    {canWrite && (
                      <td>
                        <div className={styles.actions}>
                          <button
                            type="button"
                            className={`${styles.button} ${styles.secondary} ${styles.small}`}
                            aria-label={t('actions.editLabel', { name: customer.name })}
                            onClick={() => setEditing({ mode: 'edit', customer })}
                          >
                            {t('actions.edit')}
                          </button>
                          <button
                            type="button"
                            className={`${styles.button} ${styles.secondary} ${styles.small}`}
                            aria-label={t('actions.deleteLabel', { name: customer.name })}
                            onClick={() => {
                              setRefusal(null);
                              setDeleting(customer);
                            }}
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
        title={editing?.mode === 'edit' ? t('editTitle', { name: editing.customer.name }) : t('createTitle')}
        className={styles.wideDialog}
      >
        {editing && (
          <CustomerForm
            key={editing.mode === 'edit' ? `${editing.customer.id}@${editing.customer.version}` : 'new'}
            customer={editing.mode === 'edit' ? editing.customer : undefined}
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
