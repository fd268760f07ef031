'use client';
import { useTranslations } from 'next-intl';
import type { MapFilters, MapVocabulary } from './map-query';
import { toggleValue } from './map-query';
import styles from './map-overview.module.css';
import { statusColor } from './status-colors';

interface Props {
  vocab: MapVocabulary;
  filters: MapFilters;
  onChange: (filters: MapFilters) => void;
}

/** Status (several) and step (one or all) filters; the page keeps them in the URL. */
export function MapFiltersBar({ vocab, filters, onChange }: Props) {
  const t = useTranslations('mapOverview');
  const tStatus = useTranslations('missions.fields.values.status');
  const tStep = useTranslations('missions.fields.values.step');
  return (
    <div className={styles.filters}>
      <fieldset className={styles.statusFilter}>
        <legend>{t('filters.status')}</legend>
        {vocab.statuses.map((status) => (
          <label key={status}>
            <input
              type="checkbox"
              name="status"
              value={status}
              checked={filters.status.includes(status)}
              onChange={() => onChange({ ...filters, status: toggleValue(filters.status, status, vocab.statuses) })}
            />
            <span className={styles.swatch} style={{ background: statusColor(status) }} aria-hidden="true" />
            {tStatus(status)}
          </label>
        ))}
      </fieldset>
      <label className={styles.stepFilter}>
        {t('filters.step')}
        <select
          name="step"
          value={filters.step.length === 1 ? filters.step[0] : ''}
          onChange={(e) => onChange({ ...filters, step: e.target.value ? [e.target.value] : [] })}
        >
          <option value="">{t('filters.allSteps')}</option>
          {vocab.steps.map((step) => (
            <option key={step} value={step}>
              {tStep(step)}
            </option>
          ))}
        </select>
      </label>
      {(filters.status.length > 0 || filters.step.length > 0) && (
        <button type="button" className={styles.clear} onClick={() => onChange({ status: [], step: [] })}>
          {t('filters.clear')}
        </button>
      )}
    </div>
  );
}
