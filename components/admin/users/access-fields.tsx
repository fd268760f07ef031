'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import fieldStyles from '@/components/ui/field.module.css';
import { pickers } from '@/lib/client/api/pickers';
import { useEndpoint } from '@/lib/client/api/use-endpoint';
import type { UserAccountList } from '@/lib/shared/schemas/admin-user';
import styles from './admin.module.css';

export interface AccessValues {
  companyId: number | null;
  customerId: number | null;
  roles: string[];
}

/**
 * Company, customer (shown with its customer number) and roles of a user. Choosing a customer
 * chooses its company; roles above the editor's user level cannot be ticked.
 */
export function AccessFields({ value, onChange, roles, errors = {} }: { value: AccessValues; onChange: (next: AccessValues) => void; roles: UserAccountList['roles']; errors?: Record<string, string> }) {
  const t = useTranslations('admin.users');
  const companyId = useId();
  const customerId = useId();
  const { data: companies } = useEndpoint(pickers.listCompanies, { query: { limit: 500 } }, { revalidateOnFocus: false });
  const { data: customers } = useEndpoint(pickers.listCustomers, { query: { limit: 500, companyId: value.companyId || undefined } }, {
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
  const toggle = (role: string, on: boolean) => onChange({ ...value, roles: on ? [...value.roles, role] : value.roles.filter((r) => r !== role) });
  return (
    <>
      <div className={styles.row}>
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor={companyId}>
            {t('form.company')}
          </label>
          <select
            id={companyId}
            className={fieldStyles.control}
            value={value.companyId ?? ''}
            onChange={(e) => onChange({ ...value, companyId: e.target.value ? Number(e.target.value) : null, customerId: null })}
          >
            <option value="">{t('form.noCompany')}</option>
            {companies?.items.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          {errors.companyId && <span className={fieldStyles.error}>{errors.companyId}</span>}
        </div>
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor={customerId}>
            {t('form.customer')}
          </label>
          <select
            id={customerId}
            className={fieldStyles.control}
            value={value.customerId ?? ''}
            onChange={(e) => {
              const chosen = customers?.items.find((c) => String(c.id) === e.target.value);
              onChange({ ...value, customerId: chosen?.id ?? null, companyId: chosen?.companyId ?? value.companyId });
            }}
          >
            <option value="">{t('form.noCustomer')}</option>
            {customers?.items.map((c) => (
              <option key={c.id} value={c.id}>
                {t('customerLabel', { number: c.customerNumber, name: c.name })}
              </option>
            ))}
          </select>
          {errors.customerId && <span className={fieldStyles.error}>{errors.customerId}</span>}
        </div>
      </div>
      <fieldset className={styles.checks}>
        <legend>{t('form.roles')}</legend>
        {roles.map((role) => (
          <label key={role.name} className={styles.check} title={role.assignable ? undefined : t('form.roleAboveLevel')}>
            <input type="checkbox" checked={value.roles.includes(role.name)} disabled={!role.assignable} onChange={(e) => toggle(role.name, e.target.checked)} />
            {t('form.roleLevel', { name: role.name, level: role.userLevel })}
          </label>
        ))}
        {errors.roles && <span className={fieldStyles.error}>{errors.roles}</span>}
      </fieldset>
    </>
  );
}
