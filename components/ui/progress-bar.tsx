'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { toPercent } from '@/lib/shared/format/percent';
import styles from './progress-bar.module.css';

/** Spec §9. */
export const progressColors = ['primary', 'highlight', 'red', 'green', 'orange', 'black', 'white', 'grey'] as const;
export type ProgressColor = (typeof progressColors)[number];

export interface ProgressBarProps {
  /** Percentage; clamped to 0..100, non-numeric becomes 0 (spec §5). */
  value?: unknown;
  variant?: 'linear' | 'radial';
  color?: ProgressColor;
  /** Accessible name; defaults to "Progress". */
  label?: string;
  /** Diameter of the radial variant in px. */
  size?: number;
  className?: string;
}

const STROKE = 6;

export function ProgressBar({ value = 0, variant = 'linear', color = 'highlight', label, size = 56, className }: ProgressBarProps) {
  const t = useTranslations('ui.progress');
  const format = useFormatter();
  const percent = toPercent(value);
  // Locale-aware text ("33.3%" / "33,3 %"); toPercent already kept 3 significant digits.
  const text = format.number(percent / 100, { style: 'percent', maximumSignificantDigits: 3 });
  const common = {
    role: 'progressbar',
    'aria-label': label ?? t('label'),
    'aria-valuemin': 0,
    'aria-valuemax': 100,
    'aria-valuenow': percent,
    'aria-valuetext': text,
    'data-color': color,
  } as const;
  const classes = (base: string | undefined) => [base, styles[color], className].filter(Boolean).join(' ');

  if (variant === 'radial') {
    const radius = (size - STROKE) / 2;
    const circumference = 2 * Math.PI * radius;
    return (
      <div {...common} className={classes(styles.radial)} style={{ width: size, height: size }}>
        <svg width={size} height={size} aria-hidden="true">
          <circle className={styles.ring} cx={size / 2} cy={size / 2} r={radius} strokeWidth={STROKE} />
          <circle
            className={styles.arc}
            cx={size / 2}
            cy={size / 2}
            r={radius}
            strokeWidth={STROKE}
            strokeDasharray={circumference}
            strokeDashoffset={circumference * (1 - percent / 100)}
          />
        </svg>
        <span className={styles.radialText} aria-hidden="true">
          {text}
        </span>
      </div>
    );
  }
  return (
    <div {...common} className={classes(styles.linear)}>
      <div className={styles.track} aria-hidden="true">
        <div className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
      <span className={styles.text} aria-hidden="true">
        {text}
      </span>
    </div>
  );
}
