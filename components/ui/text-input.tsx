'use client';

import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type InputHTMLAttributes, type Ref } from 'react';
import { debounce, TEXT_INPUT_DEBOUNCE_MS } from '@/lib/shared/validation/debounce';
import { firstIssue, type Rule, type ValidationIssue } from '@/lib/shared/validation/issue';
import styles from './field.module.css';
import { useTranslateIssue } from './use-translate-issue';

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: string;
  /** Checked in order 600 ms after the last keystroke; the first failing one is shown. */
  rules?: readonly Rule[];
  /**
   * An error from outside (server, react-hook-form's `errors.x.message`); shown at once and wins
   * over the rules. Encoded validation issues from the zod builders are translated.
   */
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * Text input with debounced validation (spec §5: 600 ms here, so an error never flashes while
 * the user is still typing) showing the first error under the field. Works controlled,
 * uncontrolled and with react-hook-form's `register` (native onChange, forwarded ref).
 */
export function TextInput({ label, rules = [], error, hint, id, onChange, className, ref, ...inputProps }: TextInputProps) {
  const translate = useTranslateIssue();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [found, setFound] = useState<ValidationIssue | null>(null);
  const rulesRef = useRef(rules);
  useEffect(() => {
    rulesRef.current = rules;
  });
  const validate = useMemo(
    () => debounce((value: string) => setFound(firstIssue(value, rulesRef.current)), TEXT_INPUT_DEBOUNCE_MS),
    [],
  );
  useEffect(() => () => validate.cancel(), [validate]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    validate(event.target.value);
    onChange?.(event);
  };

  const message = error ? translate(error) : found ? translate(found) : undefined;
  const messageId = `${inputId}-message`;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <input
        {...inputProps}
        ref={ref}
        id={inputId}
        className={styles.control}
        onChange={handleChange}
        aria-invalid={message ? true : undefined}
        aria-describedby={message || hint ? messageId : undefined}
      />
      <div className={styles.footer}>
        {/* The id only while there is something to describe, like the reference: ids from useId in the
            server HTML can differ from hydration's (Next 15.5's React canary, when a client chunk loads
            late: vercel/next.js#84029) and React never patches them, so an aria-describedby added
            after hydration would point at nothing. Added together, both carry hydration's id. */}
        <span id={message || hint ? messageId : undefined} className={message ? styles.error : styles.hint} aria-live="polite">
          {message ?? hint}
        </span>
      </div>
    </div>
  );
}
