'use client';
import { useTranslations } from 'next-intl';
import { AddressSearch } from './address-search';
import { GoToCoordinates } from './go-to-coordinates';
import styles from './planner.module.css';

/**
 * Finding a place on a map (planner and map overview): always by coordinates (spec §2), by address
 * too when a geocoder is configured (issue 20 item 3); without one it says so, and why.
 */
export function PlaceFinder({ geocoder, onGo }: { geocoder: boolean; onGo: (latitude: number, longitude: number) => void }) {
  const t = useTranslations('planner.geocode');
  return (
    <>
      {geocoder ? <AddressSearch onGo={onGo} /> : <p className={styles.hint}>{t('notConfigured')}</p>}
      <GoToCoordinates onGo={onGo} />
    </>
  );
}
