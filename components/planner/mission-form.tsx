'use client';
import { useTranslations } from 'next-intl';
import { ByteCountTextArea } from '@/components/ui/byte-count-text-area';
import { TextInput } from '@/components/ui/text-input';
import { pickers } from '@/lib/client/api/pickers';
import { useEndpoint } from '@/lib/client/api/use-endpoint';
import type { FormErrors } from './form-rules';
import type { MissionFormValues } from './form-values';
import type { PlannerConfig } from './planner-config';
import styles from './planner.module.css';

export interface MissionFormProps {
  values: MissionFormValues;
  errors: FormErrors;
  config: PlannerConfig;
  /** Translates an error key (validation.* encoded, or planner.rules.*). */
  message: (key: string | undefined) => string | undefined;
  onChange: (changes: Partial<MissionFormValues>) => void;
}

const options = (values: readonly string[], label: (v: string) => string) => values.map((v) => <option key={v} value={v}>{label(v)}</option>);

/** spec §2 /planner: the fields of a new mission, with §5 rules shown under each field. */
export function MissionForm({ values, errors, config, message, onChange }: MissionFormProps) {
  const t = useTranslations('planner.form');
  const f = useTranslations('missions.fields');
  const companies = config.companies;
  const company = companies.find((c) => String(c.id) === values.companyId);
  const customers = useEndpoint(pickers.listCustomers, values.companyId ? { query: { companyId: Number(values.companyId), limit: 500 } } : null, { revalidateOnFocus: false });
  const users = useEndpoint(pickers.listUsers, { query: { limit: 500 } }, { revalidateOnFocus: false });
  const tags = useEndpoint(pickers.listTags, { query: { limit: 500 } }, { revalidateOnFocus: false });
  const mainCustomers = (customers.data?.items ?? []).filter((c) => c.parentId === null);
  const subCustomers = (customers.data?.items ?? []).filter((c) => c.parentId !== null && String(c.parentId) === values.customerId);
  const text = (field: 'internalReference' | 'customerReference' | 'orderConfirmationNumber') => (
    <TextInput label={f(field)} name={field} value={values[field]} error={message(errors[field])} onChange={(e) => onChange({ [field]: e.target.value })} />
  );
  const toggle = (field: 'products' | 'additionalProducts', value: string, on: boolean) =>
    onChange({ [field]: on ? [...values[field], value] : values[field].filter((v) => v !== value) });
  const fieldError = (field: keyof FormErrors) =>
    errors[field] ? (
      <span className={styles.error} role="alert">
        {message(errors[field])}
      </span>
    ) : null;

  return (
    <section className={styles.form} aria-labelledby="planner-form">
      <h2 id="planner-form">{t('title')}</h2>
      <TextInput
        label={f('name')}
        name="name"
        value={values.name}
        required
        error={message(errors.name)}
        onChange={(e) => onChange({ name: e.target.value })}
      />
      <label className={styles.select}>
        {f('company')}
        {config.chooseCompany ? (
          <select value={values.companyId} onChange={(e) => onChange({ companyId: e.target.value, customerId: '', subCustomerId: '' })}>
            <option value="">{t('choose')}</option>
            {companies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        ) : (
          <output>{company?.name ?? t('noCompany')}</output>
        )}
        {fieldError('companyId')}
      </label>
      <label className={styles.select}>
        {f('customer')}
        <select value={values.customerId} disabled={!values.companyId} onChange={(e) => onChange({ customerId: e.target.value, subCustomerId: '' })}>
          <option value="">{values.companyId ? t('none') : t('companyFirst')}</option>
          {mainCustomers.map((c) => (
            <option key={c.id} value={c.id}>{`${c.name} (${c.customerNumber})`}</option>
          ))}
        </select>
        {fieldError('customerId')}
      </label>
      <label className={styles.select}>
        {f('subCustomer')}
        <select value={values.subCustomerId} disabled={!values.customerId} onChange={(e) => onChange({ subCustomerId: e.target.value })}>
          <option value="">{values.customerId ? t('none') : t('customerFirst')}</option>
          {subCustomers.map((c) => (
            <option key={c.id} value={c.id}>{`${c.name} (${c.customerNumber})`}</option>
          ))}
        </select>
        {fieldError('subCustomerId')}
      </label>
      {text('internalReference')}
      {text('customerReference')}
      {text('orderConfirmationNumber')}
      {(['ownerId', 'assigneeId'] as const).map((field) => (
        <label key={field} className={styles.select}>
          {f(field === 'ownerId' ? 'owner' : 'assignee')}
          <select value={values[field]} onChange={(e) => onChange({ [field]: e.target.value })}>
            <option value="">{field === 'ownerId' ? t('ownerDefault') : t('none')}</option>
            {(users.data?.items ?? []).map((u) => (
              <option key={u.identityId} value={u.identityId}>{`${u.displayName} (${u.email})`}</option>
            ))}
          </select>
        </label>
      ))}
      <label className={styles.select}>
        {f('tags')}
        <select multiple value={values.tagIds} onChange={(e) => onChange({ tagIds: [...e.target.selectedOptions].map((o) => o.value) })}>
          {(tags.data?.items ?? []).map((tag) => (
            <option key={tag.id} value={tag.id}>
              {tag.name}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.select}>
        {f('priority')}
        <select value={values.priority} onChange={(e) => onChange({ priority: e.target.value })}>
          {options(config.priorities, (v) => f(`values.priority.${v}`))}
        </select>
      </label>
      <fieldset className={styles.choices}>
        <legend>{f('products')}</legend>
        {config.products.map((p) => (
          <label key={p}>
            <input type="checkbox" checked={values.products.includes(p)} onChange={(e) => toggle('products', p, e.target.checked)} />
            {f(`values.products.${p}`)}
          </label>
        ))}
        {fieldError('products')}
      </fieldset>
      <fieldset className={styles.choices}>
        <legend>{f('additionalProducts')}</legend>
        {config.additionalProducts.map((p) => (
          <label key={p}>
            <input type="checkbox" checked={values.additionalProducts.includes(p)} onChange={(e) => toggle('additionalProducts', p, e.target.checked)} />
            {f(`values.additionalProducts.${p}`)}
          </label>
        ))}
      </fieldset>
      {(['startFromOffice', 'scanAppointment'] as const).map((field) => (
        <TextInput key={field} type="datetime-local" label={f(field)} name={field} value={values[field]} error={message(errors[field])} onChange={(e) => onChange({ [field]: e.target.value })} />
      ))}
      {(['pclDeliveryDate', 'cadDeliveryDate', 'deliveryDate', 'externalDeliveryDate'] as const).map((field) => (
        <TextInput
          key={field}
          type="date"
          label={f(field)}
          name={field}
          value={values[field]}
          hint={field === 'deliveryDate' ? t('deliveryHint') : undefined}
          error={message(errors[field])}
          onChange={(e) => onChange({ [field]: e.target.value })}
        />
      ))}
      <ByteCountTextArea label={f('description')} name="description" maxBytes={config.limits.descriptionMaxBytes} value={values.description} onChange={(e) => onChange({ description: e.target.value })} />
      {fieldError('description')}
    </section>
  );
}
