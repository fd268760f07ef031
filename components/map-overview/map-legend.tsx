'use client';
import { useTranslations } from 'next-intl';
import styles from './map-overview.module.css';
import { statusColor } from './status-colors';

/** Which colour means which mission status (spec §2: the map is coloured by status). */
export function MapLegend({ statuses }: { statuses: readonly string[] }) {
  const t = useTranslations('mapOverview');
  const tv = useTranslations('missions.fields.values.status');
  return (
    <ul className={styles.legend} aria-label={t('legend')} data-testid="map-legend">
      {statuses.map((status) => (
        <li key={status} data-status={status}>
          <span className={styles.swatch} style={{ background: statusColor(status) }} aria-hidden="true" />
          {tv(status)}
        </li>
      ))}
    </ul>
  );
}
