'use client';

import { useId, useState, type ChangeEvent, type Ref, type TextareaHTMLAttributes } from 'react';
import { useTranslations } from 'next-intl';
import { utf8ByteLength } from '@/lib/shared/validation/text';
import styles from './field.module.css';

/** Spec §5: the counter appears within 20 % of max of the limit, that margin kept within 3..100. */
export function counterMargin(maxBytes: number): number {
  return Math.min(100, Math.max(3, maxBytes * 0.2));
}

export interface ByteCountTextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> {
  label: string;
  /** The limit in UTF-8 bytes (what the server stores), not characters. */
  maxBytes: number;
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * Text area that counts UTF-8 bytes — 'ä' is 2, '€' 3, an emoji 4 — because byte-limited
 * columns reject text that a character count would call short enough. The 'used / max' counter
 * stays hidden until it matters, and turns to the error style past the limit.
 */
export function ByteCountTextArea({ label, maxBytes, rows = 7, id, value, defaultValue, onChange, className, ref, ...rest }: ByteCountTextAreaProps) {
  const t = useTranslations('ui.byteCounter');
  const generatedId = useId();
  const areaId = id ?? generatedId;
  const [uncontrolled, setUncontrolled] = useState(String(defaultValue ?? ''));
  const text = value !== undefined ? String(value) : uncontrolled;
  const used = utf8ByteLength(text);
  const visible = used >= maxBytes - counterMargin(maxBytes);
  const over = used > maxBytes;
  const counterId = `${areaId}-counter`;

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    if (value === undefined) setUncontrolled(event.target.value);
    onChange?.(event);
  };

  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={areaId}>
        {label}
      </label>
      <textarea
        {...rest}
        ref={ref}
        id={areaId}
        rows={rows}
        className={`${styles.control} ${styles.textarea}`}
        value={value}
        defaultValue={value === undefined ? defaultValue : undefined}
        onChange={handleChange}
        aria-invalid={over ? true : undefined}
        aria-describedby={visible ? counterId : undefined}
      />
      <div className={styles.footer}>
        {visible && (
          <span
            id={counterId}
            className={over ? `${styles.counter} ${styles.counterError}` : styles.counter}
            aria-live="polite"
            data-testid="byte-counter"
          >
            <span aria-hidden="true">{t('usage', { used, max: maxBytes })}</span>
            <span className="visually-hidden">{t('usageLabel', { used, max: maxBytes })}</span>
          </span>
        )}
      </div>
    </div>
  );
}
