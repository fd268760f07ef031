'use client';

import { useId, type Ref, type SelectHTMLAttributes } from 'react';
import styles from '@/components/ui/field.module.css';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: readonly { value: string; label: string }[];
  /** An empty first option (e.g. "Choose a company"); omitted when the field always has a value. */
  placeholder?: string;
  /** Display text of the field's error (already translated). */
  error?: string;
  hint?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled select in the text input's look, with its error or hint underneath. */
export function SelectField({ label, options, placeholder, error, hint, id, ref, ...props }: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const messageId = `${selectId}-message`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={selectId}>
        {label}
      </label>
      <select
        {...props}
        ref={ref}
        id={selectId}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <div className={styles.footer}>
        {/* The id only with the reference (see TextInput: server and hydration ids can differ). */}
        <span id={error || hint ? messageId : undefined} className={error ? styles.error : styles.hint} aria-live="polite">
          {error ?? hint}
        </span>
      </div>
    </div>
  );
}
