'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { geocode } from '@/lib/client/api/geocode';
import styles from './planner.module.css';

/** One place the geocoder found (the shape of GET /api/v2/geocode; no zod schema in the bundle). */
export interface AddressResult {
  label: string;
  lat: number;
  lon: number;
}

const DEBOUNCE_MS = 500;
const MIN_LENGTH = 3;

/** Issue #7: address search beside "go to coordinates", shown only when a geocoder is configured. */
export function AddressSearch({ onGo }: { onGo: (latitude: number, longitude: number) => void }) {
  const t = useTranslations('planner.geocode');
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<AddressResult[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const q = query.trim();
    if (q.length < MIN_LENGTH) {
      setResults(null);
      setFailed(false);
      return;
    }
    let cancelled = false;
    const timer = setTimeout(() => {
      geocode.geocode({ query: { q } })
        .then((found) => {
          if (cancelled) return;
          setResults(found);
          setFailed(false);
        })
        .catch(() => {
          if (cancelled) return;
          setResults(null);
          setFailed(true);
        });
    }, DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [query]);

  const choose = (result: AddressResult) => {
    setResults(null);
    onGo(result.lat, result.lon);
    // The chosen result's button goes away with the list: a keyboard user continues in the search box.
    input.current?.focus();
  };

  return (
    <div className={styles.goTo} role="search">
      <label htmlFor={inputId}>{t('label')}</label>
      <input ref={input} id={inputId} type="search" value={query} placeholder={t('placeholder')} onChange={(e) => setQuery(e.target.value)} />
      {results && results.length === 0 && <p>{t('noResults')}</p>}
      {results && results.length > 0 && (
        <ul aria-label={t('label')}>
          {results.map((r, i) => (
            <li key={`${i}-${r.label}`}>
              <button type="button" onClick={() => choose(r)}>
                {r.label}
              </button>
            </li>
          ))}
        </ul>
      )}
      {failed && (
        <p className={styles.error} role="alert">
          {t('failed')}
        </p>
      )}
    </div>
  );
}
