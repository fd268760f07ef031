'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CountrySelect } from '@/components/admin/companies/country-select';
import { useFieldMessage } from '@/components/admin/companies/field-message';
import { SelectField } from '@/components/admin/companies/select-field';
import { applyFieldErrors } from '@/components/admin/companies/server-errors';
import styles from '@/components/admin/companies/center.module.css';
import { TextInput } from '@/components/ui/text-input';
import {
  CUSTOMER_ACCOUNT_TYPES,
  CUSTOMER_FIELD_MAX,
  customerEditFields,
  customerFields,
  type CustomerFields,
  type CustomerFieldsInput,
  type CustomerRow,
} from '@/lib/shared/schemas/customer';
import type { CompanyItem } from '@/lib/shared/schemas/pickers';
import { formValidationOptions } from '@/lib/shared/validation/form';
import { useParentOptions } from './use-parent-options';

/** What the form hands over: an edit has neither company nor customer number (they stay). */
export type CustomerFormValues = Omit<CustomerFields, 'companyId' | 'customerNumber'> & Partial<Pick<CustomerFields, 'companyId' | 'customerNumber'>>;

export interface CustomerFormProps {
  /** The customer being edited; absent for a new one. */
  customer?: CustomerRow;
  /** The companies a new customer may belong to. */
  companies: readonly Pick<CompanyItem, 'id' | 'name'>[];
  /** The configured minimum length of a name (CUSTOMER_NAME_MIN_LENGTH). */
  nameMinLength: number;
  onSubmit: (values: CustomerFormValues) => Promise<void>;
  onCancel: () => void;
  /** The text for a failure that names no field (spec §8: failed to create/update customer). */
  failureText: (err: unknown) => string;
}

const FIELD_NAMES = [
  'companyId',
  'name',
  'accountType',
  'customerNumber',
  'parentId',
  'contactFirstName',
  'contactLastName',
  'contactEmail',
  'phone',
  'streetAndNumber',
  'town',
  'zip',
  'country',
] as const;

const blank = (value: string | null | undefined) => value ?? '';
const numberOrNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

function initialValues(customer?: CustomerRow): CustomerFieldsInput {
  return {
    name: blank(customer?.name),
    companyId: customer?.companyId as number,
    accountType: customer?.accountType ?? 'business',
    customerNumber: null,
    parentId: customer?.parentId ?? null,
    contactFirstName: blank(customer?.contactFirstName),
    contactLastName: blank(customer?.contactLastName),
    contactEmail: blank(customer?.contactEmail),
    phone: blank(customer?.phone),
    streetAndNumber: blank(customer?.streetAndNumber),
    town: blank(customer?.town),
    zip: blank(customer?.zip),
    country: blank(customer?.country),
  };
}

/**
 * spec §3 Customer with the same zod schema as the server (`customerFields` with the configured
 * name minimum). spec §5: a company must be selected before a new customer is created, so every
 * other field stays disabled until one is. The parent customer is one of that company's
 * top-level customers. The customer number may be left empty (the next free one is assigned);
 * once assigned it is shown and stays.
 */
export function CustomerForm({ customer, companies, nameMinLength, onSubmit, onCancel, failureText }: CustomerFormProps) {
  const t = useTranslations('admin.customers');
  const tv = useTranslations('validation');
  const message = useFieldMessage();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => (customer ? customerEditFields(nameMinLength) : customerFields(nameMinLength)), [customer, nameMinLength]);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CustomerFieldsInput, unknown, CustomerFormValues>({
    ...formValidationOptions,
    // An edit checks the editable fields only; the types differ by the two fixed ones.
    resolver: zodResolver(schema as ReturnType<typeof customerFields>),
    defaultValues: initialValues(customer),
  });

  const chosen = customer ? customer.companyId : (watch('companyId') as number | undefined);
  const companyChosen = typeof chosen === 'number' && Number.isInteger(chosen) && chosen > 0;
  const parents = useParentOptions(companyChosen ? chosen : undefined, customer?.id);

  const parentOptions = parents.options.map((p) => ({ value: String(p.id), label: `${p.customerNumber} · ${p.name}` }));
  // The current parent is a choice at once, so the select shows it before the list has loaded.
  if (customer?.parentId && !parentOptions.some((o) => o.value === String(customer.parentId))) {
    parentOptions.unshift({ value: String(customer.parentId), label: customer.parentName ?? String(customer.parentId) });
  }

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (err) {
      if (!applyFieldErrors(err, FIELD_NAMES, setError)) setFormError(failureText(err));
    }
  });

  const companyField = customer ? (
    <SelectField label={t('fields.company')} options={[{ value: String(customer.companyId), label: customer.companyName }]} value={String(customer.companyId)} disabled />
  ) : (
    <SelectField
      label={t('fields.company')}
      placeholder={t('fields.chooseCompany')}
      options={companies.map((c) => ({ value: String(c.id), label: c.name }))}
      required
      autoFocus
      hint={companyChosen ? undefined : t('fields.companyFirst')}
      {...register('companyId', {
        setValueAs: (v: unknown) => (v === '' || v === undefined ? undefined : Number(v)),
        // Another company's customers cannot be the parent.
        onChange: () => setValue('parentId', null),
      })}
      error={message(errors.companyId?.message)}
    />
  );

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={customer ? t('editTitle', { name: customer.name }) : t('createTitle')}>
      {companyField}
      <fieldset className={styles.fieldset} disabled={!companyChosen}>
        <div className={styles.grid}>
          <TextInput
            label={t('fields.name')}
            maxLength={CUSTOMER_FIELD_MAX.name}
            required
            hint={tv('minLength', { min: nameMinLength })}
            {...register('name')}
            error={message(errors.name?.message)}
          />
          <SelectField
            label={t('fields.accountType')}
            options={CUSTOMER_ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`accountTypes.${type}`) }))}
            {...register('accountType')}
            error={message(errors.accountType?.message)}
          />
        </div>
        <div className={styles.grid}>
          {customer ? (
            <TextInput label={t('fields.customerNumber')} value={String(customer.customerNumber)} readOnly hint={t('fields.customerNumberFixed')} />
          ) : (
            <TextInput
              label={t('fields.customerNumber')}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              hint={t('fields.customerNumberHint')}
              {...register('customerNumber', { setValueAs: numberOrNull })}
              error={message(errors.customerNumber?.message)}
            />
          )}
          <SelectField
            label={t('fields.parent')}
            placeholder={t('fields.noParent')}
            options={parentOptions}
            {...register('parentId', { setValueAs: numberOrNull })}
            error={message(errors.parentId?.message) ?? (parents.failed ? t('parentsFailed') : undefined)}
          />
        </div>
        <div className={styles.grid}>
          {(['contactFirstName', 'contactLastName'] as const).map((name) => (
            <TextInput key={name} label={t(`fields.${name}`)} maxLength={CUSTOMER_FIELD_MAX[name]} {...register(name)} error={message(errors[name]?.message)} />
          ))}
        </div>
        <div className={styles.grid}>
          <TextInput label={t('fields.contactEmail')} type="email" maxLength={CUSTOMER_FIELD_MAX.contactEmail} {...register('contactEmail')} error={message(errors.contactEmail?.message)} />
          <TextInput label={t('fields.phone')} type="tel" maxLength={CUSTOMER_FIELD_MAX.phone} {...register('phone')} error={message(errors.phone?.message)} />
        </div>
        <TextInput label={t('fields.streetAndNumber')} maxLength={CUSTOMER_FIELD_MAX.streetAndNumber} {...register('streetAndNumber')} error={message(errors.streetAndNumber?.message)} />
        <div className={styles.grid}>
          <TextInput label={t('fields.zip')} maxLength={CUSTOMER_FIELD_MAX.zip} {...register('zip')} error={message(errors.zip?.message)} />
          <TextInput label={t('fields.town')} maxLength={CUSTOMER_FIELD_MAX.town} {...register('town')} error={message(errors.town?.message)} />
          <CountrySelect label={t('fields.country')} optional {...register('country')} error={message(errors.country?.message)} />
        </div>
      </fieldset>
      {formError && (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
      <div className={styles.formActions}>
        <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={onCancel}>
          {t('actions.cancel')}
        </button>
        <button type="submit" className={styles.button} disabled={isSubmitting || !companyChosen}>
          {customer ? t('actions.save') : t('actions.create')}
        </button>
      </div>
    </form>
  );
}
