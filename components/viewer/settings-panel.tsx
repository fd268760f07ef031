'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { BACKGROUNDS, POINT_BUDGET, POINT_SIZINGS, THEMES, type ViewerSettings } from '@/lib/shared/viewer/settings';
import styles from './viewer.module.css';

type NumberKey = 'pointBudget' | 'pointSize' | 'minNodeSize' | 'minPointSize' | 'opacity' | 'edlStrength' | 'edlRadius';

const RANGES: Record<NumberKey, { min: number; max: number; step: number }> = {
  pointBudget: POINT_BUDGET,
  pointSize: { min: 0.1, max: 10, step: 0.1 },
  minNodeSize: { min: 0, max: 1000, step: 10 },
  minPointSize: { min: 0, max: 10, step: 0.5 },
  opacity: { min: 0, max: 1, step: 0.05 },
  edlStrength: { min: 0, max: 5, step: 0.1 },
  edlRadius: { min: 1, max: 4, step: 0.1 },
};

/** spec §2 viewer settings, each applied as it is changed. */
export function SettingsPanel({ settings, onChange, onReset }: { settings: ViewerSettings; onChange: (change: Partial<ViewerSettings>) => void; onReset: () => void }) {
  const t = useTranslations('viewer.settings');
  const format = useFormatter();
  const [open, setOpen] = useState(false);
  const id = useId();

  const range = (key: NumberKey, disabled = false) => (
    <div className={styles.setting}>
      <label htmlFor={`${id}-${key}`}>{t(key)}</label>
      <input
        id={`${id}-${key}`}
        type="range"
        {...RANGES[key]}
        value={settings[key]}
        disabled={disabled}
        onChange={(e) => onChange({ [key]: Number(e.target.value) })}
      />
      <output htmlFor={`${id}-${key}`}>{format.number(settings[key])}</output>
    </div>
  );

  const choice = <K extends 'pointSizing' | 'theme' | 'background'>(key: K, options: readonly ViewerSettings[K][], label: (o: ViewerSettings[K]) => string) => (
    <div className={styles.setting}>
      <label htmlFor={`${id}-${key}`}>{t(key as 'pointSizing' | 'theme' | 'background')}</label>
      <select id={`${id}-${key}`} value={settings[key]} onChange={(e) => onChange({ [key]: e.target.value } as Partial<ViewerSettings>)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {label(o)}
          </option>
        ))}
      </select>
    </div>
  );

  const toggle = (key: 'edl' | 'highQuality') => (
    <div className={styles.setting}>
      <input id={`${id}-${key}`} type="checkbox" checked={settings[key]} onChange={(e) => onChange({ [key]: e.target.checked })} />
      <label htmlFor={`${id}-${key}`}>{t(key)}</label>
    </div>
  );

  // aria-controls only with its panel: both rendered at once carry the same id (see TextInput).
  return (
    <aside className={styles.settings} aria-label={t('title')}>
      <button type="button" className={styles.button} aria-expanded={open} aria-controls={open ? `${id}-panel` : undefined} onClick={() => setOpen((o) => !o)}>
        {open ? t('hide') : t('show')}
      </button>
      {open && (
        <div id={`${id}-panel`} className={styles.settingsBody}>
          <h2 className={styles.settingsTitle}>{t('title')}</h2>
          {range('pointBudget')}
          {range('pointSize')}
          {choice('pointSizing', POINT_SIZINGS, (o) => t(`sizing.${o}`))}
          {range('minNodeSize')}
          {range('minPointSize')}
          {range('opacity')}
          {choice('theme', THEMES, (o) => t(`themes.${o}`))}
          {toggle('edl')}
          {range('edlStrength', !settings.edl)}
          {range('edlRadius', !settings.edl)}
          {toggle('highQuality')}
          {choice('background', BACKGROUNDS, (o) => t(`backgrounds.${o}`))}
          <button type="button" className={styles.button} onClick={onReset}>
            {t('reset')}
          </button>
        </div>
      )}
    </aside>
  );
}
