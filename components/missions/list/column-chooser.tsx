'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { useNotify } from '@/components/platform/notifications';
import { tablePresets } from '@/lib/client/api/table-presets';
import { ApiError } from '@/lib/client/fetcher';
import type { MissionTableColumn, TablePresetDto } from '@/lib/shared/schemas/table-preset';
import { PopoverDetails } from '@/components/ui/popover-details';
import styles from './mission-list.module.css';

interface Props {
  columns: readonly MissionTableColumn[];
  /** Every column the table can show (from the server: the schema module is not for the browser). */
  allColumns: readonly MissionTableColumn[];
  onChange: (columns: MissionTableColumn[]) => void;
  /** The user's presets; null when they failed to load. */
  presets: TablePresetDto[] | null;
}

/**
 * spec §2 missions table: the user picks the columns, saves the choice as a named table preset
 * (spec §3: name and columns) and applies a saved preset.
 */
export function ColumnChooser({ columns, allColumns, onChange, presets: initialPresets }: Props) {
  const t = useTranslations('missions.list.columns');
  const tf = useTranslations('missions.fields');
  const notify = useNotify();
  const [presets, setPresets] = useState(initialPresets ?? []);
  const [presetId, setPresetId] = useState('');
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const toggle = (column: MissionTableColumn, on: boolean) => {
    setMessage(null);
    if (!on && columns.length === 1) return setMessage(t('atLeastOne'));
    onChange(on ? [...columns, column] : columns.filter((c) => c !== column));
    setPresetId('');
  };

  const apply = (id: string) => {
    setPresetId(id);
    const preset = presets.find((p) => String(p.id) === id);
    if (preset) onChange([...preset.columns]);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || saving) return;
    setSaving(true);
    try {
      const created = await tablePresets.createTablePreset({ body: { name: trimmed, columns: [...columns] } });
      setPresets((list) => [...list, created].sort((a, b) => a.name.localeCompare(b.name)));
      setPresetId(String(created.id));
      setName('');
      notify({ type: 'success', text: t('presetSaved', { name: created.name }) });
    } catch (err) {
      const exists = err instanceof ApiError && err.status === 409;
      notify({ type: 'error', text: exists ? t('presetExists', { name: trimmed }) : t('presetFailed') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={styles.chooser} aria-label={t('label')}>
      <PopoverDetails
        className={styles.choice}
        summary={<summary className={styles.choiceSummary}>{t('label')}</summary>}
      >
        <fieldset className={styles.choiceList} data-popover-panel>
          <legend className="visually-hidden">{t('label')}</legend>
          {allColumns.map((column) => (
            <label key={column} className={styles.choiceOption}>
              <input type="checkbox" checked={columns.includes(column)} onChange={(e) => toggle(column, e.target.checked)} />
              {tf(column)}
            </label>
          ))}
        </fieldset>
      </PopoverDetails>
      {message && (
        <span role="alert" className={styles.error}>
          {message}
        </span>
      )}
      <label className={styles.sort}>
        <span>{t('presets')}</span>
        <select value={presetId} onChange={(e) => apply(e.target.value)}>
          <option value="">{t('choosePreset')}</option>
          {presets.map((p) => (
            <option key={p.id} value={String(p.id)}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      {initialPresets === null && (
        <span role="alert" className={styles.error}>
          {t('presetsFailed')}
        </span>
      )}
      <form className={styles.presetForm} onSubmit={save}>
        <input aria-label={t('presetName')} placeholder={t('presetName')} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        <button type="submit" disabled={saving || name.trim() === ''}>
          {t('savePreset')}
        </button>
      </form>
    </section>
  );
}
