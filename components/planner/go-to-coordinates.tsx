'use client';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import styles from './planner.module.css';

/** Spec §2: the planner always finds a place by coordinates (WGS84 latitude, longitude). */
export function GoToCoordinates({ onGo }: { onGo: (latitude: number, longitude: number) => void }) {
  const t = useTranslations('planner.goTo');
  const [lat, setLat] = useState('');
  const [lon, setLon] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const latitude = Number(lat.replace(',', '.'));
    const longitude = Number(lon.replace(',', '.'));
    const ok = lat.trim() !== '' && lon.trim() !== '' && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
    setInvalid(!ok);
    if (ok) onGo(latitude, longitude);
  };
  return (
    <form className={styles.goTo} onSubmit={submit} aria-label={t('title')}>
      <label>
        {t('latitude')}
        <input inputMode="decimal" value={lat} onChange={(e) => setLat(e.target.value)} />
      </label>
      <label>
        {t('longitude')}
        <input inputMode="decimal" value={lon} onChange={(e) => setLon(e.target.value)} />
      </label>
      <button type="submit">{t('go')}</button>
      {invalid && (
        <p className={styles.error} role="alert">
          {t('invalid')}
        </p>
      )}
    </form>
  );
}
