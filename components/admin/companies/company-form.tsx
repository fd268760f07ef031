'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextInput } from '@/components/ui/text-input';
import {
  COMPANY_FIELD_MAX,
  COMPANY_TYPES,
  companyFields,
  type CompanyDto,
  type CompanyFields,
  type CompanyFieldsInput,
} from '@/lib/shared/schemas/company';
import { formValidationOptions } from '@/lib/shared/validation/form';
import styles from './center.module.css';
import { CountrySelect } from './country-select';
import { useFieldMessage } from './field-message';
import { SelectField } from './select-field';
import { applyFieldErrors } from './server-errors';

export interface CompanyFormProps {
  /** The company being edited; absent for a new one. */
  company?: CompanyDto;
  /** Saves the values (the caller calls the API); rejects with the API's error. */
  onSubmit: (values: CompanyFields) => Promise<void>;
  onCancel: () => void;
  /** The text for a failure that names no field (spec §8: failed to create/update company). */
  failureText: (err: unknown) => string;
}

const TEXT_FIELDS = ['contactFirstName', 'contactLastName', 'phone', 'streetAndNumber', 'town', 'zip'] as const;
const FIELD_NAMES = ['name', 'type', 'contactEmail', 'accountingEmail', 'country', ...TEXT_FIELDS] as const;

const blank = (value: string | null | undefined) => value ?? '';

function initialValues(company?: CompanyDto): CompanyFieldsInput {
  return {
    name: blank(company?.name),
    type: company?.type ?? 'customer',
    contactFirstName: blank(company?.contactFirstName),
    contactLastName: blank(company?.contactLastName),
    contactEmail: blank(company?.contactEmail),
    phone: blank(company?.phone),
    accountingEmail: blank(company?.accountingEmail),
    streetAndNumber: blank(company?.streetAndNumber),
    town: blank(company?.town),
    zip: blank(company?.zip),
    country: company?.country ?? 'DE',
  };
}

/**
 * Every field of spec §3 Company, checked by the same zod schema the server parses with
 * (`companyFields`): 'Value is required', 'Value is not a valid email address', a country from
 * the list; errors show after the spec's 500 ms pause. Server field errors land on their fields.
 */
export function CompanyForm({ company, onSubmit, onCancel, failureText }: CompanyFormProps) {
  const t = useTranslations('admin.companies');
  const message = useFieldMessage();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CompanyFieldsInput, unknown, CompanyFields>({ ...formValidationOptions, resolver: zodResolver(companyFields), defaultValues: initialValues(company) });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (err) {
      if (!applyFieldErrors(err, FIELD_NAMES, setError)) setFormError(failureText(err));
    }
  });

  // The provider's own company stays internal (the server refuses anything else).
  const types = company?.isProvider ? (['internal'] as const) : COMPANY_TYPES;
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={company ? t('editTitle', { name: company.name }) : t('createTitle')}>
      <div className={styles.grid}>
        <TextInput label={t('fields.name')} maxLength={COMPANY_FIELD_MAX.name} required autoFocus {...register('name')} error={message(errors.name?.message)} />
        <SelectField
          label={t('fields.type')}
          options={types.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          {...register('type')}
          error={message(errors.type?.message)}
        />
      </div>
      <div className={styles.grid}>
        {(['contactFirstName', 'contactLastName'] as const).map((name) => (
          <TextInput key={name} label={t(`fields.${name}`)} maxLength={COMPANY_FIELD_MAX[name]} {...register(name)} error={message(errors[name]?.message)} />
        ))}
      </div>
      <div className={styles.grid}>
        <TextInput label={t('fields.contactEmail')} type="email" maxLength={COMPANY_FIELD_MAX.contactEmail} {...register('contactEmail')} error={message(errors.contactEmail?.message)} />
        <TextInput label={t('fields.phone')} type="tel" maxLength={COMPANY_FIELD_MAX.phone} {...register('phone')} error={message(errors.phone?.message)} />
        <TextInput
          label={t('fields.accountingEmail')}
          type="email"
          maxLength={COMPANY_FIELD_MAX.accountingEmail}
          {...register('accountingEmail')}
          error={message(errors.accountingEmail?.message)}
        />
      </div>
      <TextInput label={t('fields.streetAndNumber')} maxLength={COMPANY_FIELD_MAX.streetAndNumber} {...register('streetAndNumber')} error={message(errors.streetAndNumber?.message)} />
      <div className={styles.grid}>
        <TextInput label={t('fields.zip')} maxLength={COMPANY_FIELD_MAX.zip} {...register('zip')} error={message(errors.zip?.message)} />
        <TextInput label={t('fields.town')} maxLength={COMPANY_FIELD_MAX.town} {...register('town')} error={message(errors.town?.message)} />
        <CountrySelect label={t('fields.country')} required {...register('country')} error={message(errors.country?.message)} />
      </div>
      {formError && (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
      <div className={styles.formActions}>
        <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={onCancel}>
          {t('actions.cancel')}
        </button>
        <button type="submit" className={styles.button} disabled={isSubmitting}>
          {company ? t('actions.save') : t('actions.create')}
        </button>
      </div>
    </form>
  );
}
