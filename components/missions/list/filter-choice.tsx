'use client';

import { useTranslations } from 'next-intl';
import { PopoverDetails } from '@/components/ui/popover-details';
import styles from './mission-list.module.css';

export interface Choice {
  value: string;
  label: string;
}

interface FilterChoiceProps {
  label: string;
  options: readonly Choice[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}

/** A filter with several values (status, step, …): a disclosure with one checkbox per value. */
export function FilterChoice({ label, options, selected, onChange }: FilterChoiceProps) {
  const t = useTranslations('missions.list.filters');
  const toggle = (value: string, on: boolean) =>
    // Keep the options' order, so equal choices give equal URLs.
    onChange(options.map((o) => o.value).filter((v) => (v === value ? on : selected.includes(v))));
  return (
    <PopoverDetails
      className={styles.choice}
      summary={<summary className={styles.choiceSummary}>{label}: {selected.length ? t('selected', { count: selected.length }) : t('any')}</summary>}
    >
      <fieldset className={styles.choiceList} data-popover-panel>
        <legend className="visually-hidden">{label}</legend>
        {options.map((o) => (
          <label key={o.value} className={styles.choiceOption}>
            <input type="checkbox" checked={selected.includes(o.value)} onChange={(e) => toggle(o.value, e.target.checked)} />
            {o.label}
          </label>
        ))}
      </fieldset>
    </PopoverDetails>
  );
}
