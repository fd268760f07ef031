'use client';

import { useState, type ReactNode } from 'react';
import styles from './toggle-icon-button.module.css';

/** Spec §9: the id is the label lowercased without spaces ("Show Grid" → "showgrid"). */
export function toggleId(label: string): string {
  return label.toLowerCase().replace(/\s+/g, '');
}

export interface ToggleIconButtonProps {
  /** Accessible name and tooltip; also the source of the id. */
  label: string;
  icon: ReactNode;
  /** Shown while checked; defaults to `icon`. */
  checkedIcon?: ReactNode;
  /** Controlled state; leave undefined to let the button keep its own. */
  checked?: boolean;
  defaultChecked?: boolean;
  onChange?: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
}

/** An icon button that flips between unchecked and checked on each click (aria-pressed). */
export function ToggleIconButton({ label, icon, checkedIcon, checked, defaultChecked = false, onChange, disabled, className }: ToggleIconButtonProps) {
  const [own, setOwn] = useState(defaultChecked);
  const isChecked = checked ?? own;
  const flip = () => {
    const next = !isChecked;
    if (checked === undefined) setOwn(next);
    onChange?.(next);
  };
  return (
    <button
      type="button"
      id={toggleId(label)}
      className={[styles.button, className].filter(Boolean).join(' ')}
      aria-label={label}
      title={label}
      aria-pressed={isChecked}
      disabled={disabled}
      onClick={flip}
    >
      <span aria-hidden="true">{isChecked ? (checkedIcon ?? icon) : icon}</span>
    </button>
  );
}
