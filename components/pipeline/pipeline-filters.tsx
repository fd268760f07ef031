'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import fieldStyles from '@/components/ui/field.module.css';
import { useDatasetText } from '@/components/datasets/dataset-text';
import type { DatasetStatus, DatasetType } from '@/lib/shared/schemas/dataset';
import { debounce, VALIDATION_DEBOUNCE_MS } from '@/lib/shared/validation/debounce';
import { DEFAULT_FILTERS, type PipelineFilters, type PipelineVocabulary } from './pipeline-query';
import styles from './pipeline.module.css';

/** The pipeline's filters: statuses (several), type, mission id and "active only". */
export function PipelineFiltersBar({ filters, vocab, onChange }: { filters: PipelineFilters; vocab: PipelineVocabulary; onChange: (next: PipelineFilters) => void }) {
  const t = useTranslations('pipeline.filters');
  const text = useDatasetText();
  const typeId = useId();
  const missionId = useId();
  const [mission, setMission] = useState(filters.missionId ? String(filters.missionId) : '');
  useEffect(() => setMission(filters.missionId ? String(filters.missionId) : ''), [filters.missionId]);
  // The mission id settles after the spec's 500 ms; it then applies to the filters as they are by then.
  const latest = useRef({ filters, onChange });
  useEffect(() => {
    latest.current = { filters, onChange };
  });
  const [settle] = useState(() =>
    debounce((value: string) => {
      const n = Number(value);
      latest.current.onChange({ ...latest.current.filters, missionId: value && Number.isSafeInteger(n) && n > 0 ? n : null });
    }, VALIDATION_DEBOUNCE_MS),
  );
  useEffect(() => () => settle.cancel(), [settle]);

  const toggleStatus = (s: DatasetStatus, on: boolean) =>
    onChange({ ...filters, status: vocab.statuses.filter((x) => (x === s ? on : filters.status.includes(x))) });

  return (
    <form className={styles.filters} role="search" aria-label={t('label')} onSubmit={(e) => e.preventDefault()}>
      <fieldset className={styles.statuses}>
        <legend className={fieldStyles.label}>{t('status')}</legend>
        {vocab.statuses.map((s) => (
          <label key={s} className={styles.check}>
            <input type="checkbox" checked={filters.status.includes(s)} onChange={(e) => toggleStatus(s, e.target.checked)} />
            {text.status(s)}
          </label>
        ))}
      </fieldset>
      <div className={styles.filterRow}>
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor={typeId}>
            {t('type')}
          </label>
          <select id={typeId} className={fieldStyles.control} value={filters.type ?? ''} onChange={(e) => onChange({ ...filters, type: (e.target.value || null) as DatasetType | null })}>
            <option value="">{t('anyType')}</option>
            {vocab.types.map((x) => (
              <option key={x} value={x}>
                {text.type(x)}
              </option>
            ))}
          </select>
        </div>
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor={missionId}>
            {t('mission')}
          </label>
          <input
            id={missionId}
            className={fieldStyles.control}
            inputMode="numeric"
            pattern="[0-9]*"
            value={mission}
            onChange={(e) => {
              setMission(e.target.value.trim());
              settle(e.target.value.trim());
            }}
          />
        </div>
        <label className={styles.check}>
          <input type="checkbox" checked={filters.activeOnly} disabled={filters.status.length > 0} onChange={(e) => onChange({ ...filters, activeOnly: e.target.checked })} />
          {t('activeOnly')}
        </label>
        <button type="button" className={styles.reset} onClick={() => onChange(DEFAULT_FILTERS)}>
          {t('reset')}
        </button>
      </div>
    </form>
  );
}
