'use client';

import { useTranslations } from 'next-intl';
import type { UpdatableMissionField } from '@/lib/shared/schemas/mission-update';
import type { MissionDetail } from '@/lib/shared/schemas/mission-view';
import { ByteCountTextArea } from '@/components/ui/byte-count-text-area';
import fieldStyles from '@/components/ui/field.module.css';
import type { FieldKind } from './field-kinds';
import type { Draft } from './field-rules';
import { usePickerOptions } from './picker-options';
import styles from './detail.module.css';

interface FieldInputProps {
  field: UpdatableMissionField;
  spec: FieldKind;
  id: string;
  label: string;
  draft: Draft;
  onChange: (draft: Draft) => void;
  mission: MissionDetail;
  invalid: boolean;
  describedBy: string;
  disabled: boolean;
}

/** The input of one mission field in edit mode, by the field's kind (field-kinds.ts). */
export function FieldInput({ field, spec, id, label, draft, onChange, mission, invalid, describedBy, disabled }: FieldInputProps) {
  const common = { id, disabled, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy, className: fieldStyles.control };
  const text = typeof draft === 'string' ? draft : '';
  switch (spec.kind) {
    case 'bytes':
      return (
        <ByteCountTextArea
          id={id}
          label={label}
          maxBytes={spec.maxBytes}
          rows={spec.maxBytes <= 100 ? 2 : 7}
          value={text}
          disabled={disabled}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'text':
      return <LabelledInput label={label} id={id}><input {...common} type="text" maxLength={spec.maxLength} value={text} onChange={(e) => onChange(e.target.value)} /></LabelledInput>;
    case 'number':
      return <LabelledInput label={label} id={id}><input {...common} type="number" step="any" min={spec.min} max={spec.max} value={text} onChange={(e) => onChange(e.target.value)} /></LabelledInput>;
    case 'date':
      return <LabelledInput label={label} id={id}><input {...common} type="date" value={text} onChange={(e) => onChange(e.target.value)} /></LabelledInput>;
    case 'datetime':
      return <LabelledInput label={label} id={id}><input {...common} type="datetime-local" value={text} onChange={(e) => onChange(e.target.value)} /></LabelledInput>;
    case 'boolean':
      return (
        <label className={styles.checkbox} htmlFor={id}>
          <input id={id} type="checkbox" disabled={disabled} checked={draft === true} onChange={(e) => onChange(e.target.checked)} aria-describedby={describedBy} />
          {label}
        </label>
      );
    case 'enum':
      return <EnumSelect field={field} values={spec.values} label={label} common={common} text={text} onChange={onChange} />;
    case 'multi':
      return <MultiChoice field={field} values={spec.values} label={label} draft={Array.isArray(draft) ? draft : []} onChange={onChange} disabled={disabled} describedBy={describedBy} />;
    default:
      return <PickerSelect kind={spec.kind} mission={mission} label={label} common={common} text={text} onChange={onChange} clearable={field !== 'companyId'} />;
  }
}

function LabelledInput({ label, id, children }: { label: string; id: string; children: React.ReactNode }) {
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

type Common = { id: string; disabled: boolean; 'aria-invalid': true | undefined; 'aria-describedby': string; className: string | undefined };

function EnumSelect({ field, values, label, common, text, onChange }: { field: string; values: readonly string[]; label: string; common: Common; text: string; onChange: (d: Draft) => void }) {
  const t = useTranslations('missions.fields.values');
  return (
    <LabelledInput label={label} id={common.id}>
      <select {...common} value={text} onChange={(e) => onChange(e.target.value)}>
        {values.map((v) => (
          <option key={v} value={v}>
            {t(`${field}.${v}`)}
          </option>
        ))}
      </select>
    </LabelledInput>
  );
}

function MultiChoice(props: { field: string; values: readonly string[]; label: string; draft: string[]; onChange: (d: Draft) => void; disabled: boolean; describedBy: string }) {
  const t = useTranslations('missions.fields.values');
  const toggle = (v: string, on: boolean) => props.onChange(on ? props.values.filter((x) => x === v || props.draft.includes(x)) : props.draft.filter((x) => x !== v));
  return (
    <fieldset className={styles.choices} aria-describedby={props.describedBy}>
      <legend className={fieldStyles.label}>{props.label}</legend>
      {props.values.map((v) => (
        <label key={v} className={styles.checkbox}>
          <input type="checkbox" disabled={props.disabled} checked={props.draft.includes(v)} onChange={(e) => toggle(v, e.target.checked)} />
          {t(`${props.field}.${v}`)}
        </label>
      ))}
    </fieldset>
  );
}

function PickerSelect(props: { kind: Parameters<typeof usePickerOptions>[0]; mission: MissionDetail; label: string; common: Common; text: string; onChange: (d: Draft) => void; clearable: boolean }) {
  const t = useTranslations('missions.detail.edit');
  const { options, error } = usePickerOptions(props.kind, props.mission);
  return (
    <LabelledInput label={props.label} id={props.common.id}>
      <select {...props.common} value={props.text} onChange={(e) => props.onChange(e.target.value)} disabled={props.common.disabled || !options}>
        <option value="">{props.clearable ? t('clear') : t('choose')}</option>
        {!options && props.text && <option value={props.text}>{props.text}</option>}
        {options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {!options && <span className={fieldStyles.hint}>{error ? t('pickerFailed') : t('pickerLoading')}</span>}
    </LabelledInput>
  );
}
