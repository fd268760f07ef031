'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { messageKeyOf } from '@/lib/client/fetcher';
import { confirmations } from '@/lib/client/api/confirmations';
import { useAppTimeZone } from '@/lib/i18n/time-zone';
import { formatDate } from '@/lib/shared/format/date';
import type { PublicConfirmation } from '@/lib/shared/schemas/confirmation';
import styles from './confirmation-view.module.css';

/**
 * What the link asks (an order or a delivery date), and the one button that confirms it. `contact`
 * (rendered on the server) says whom to ask for a new link when this one no longer works: expired,
 * or refused on confirming (used meanwhile, or the mission moved on).
 */
export function ConfirmationView({ token, initial, contact }: { token: string; initial: PublicConfirmation; contact: ReactNode }) {
  const t = useTranslations('confirmation');
  const te = useTranslations();
  const locale = useLocale();
  const timeZone = useAppTimeZone();
  const [confirmation, setConfirmation] = useState(initial);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ text: string; final: boolean } | null>(null);
  const date = (iso: string) => formatDate(iso, locale, { timeZone });
  const deliveryDate = confirmation.deliveryDate ? formatDate(confirmation.deliveryDate, locale, { timeZone: 'UTC', time: false }) : '';

  async function confirm() {
    setPending(true);
    setError(null);
    try {
      setConfirmation(await confirmations.confirm({ params: { token } }));
    } catch (err) {
      const key = messageKeyOf(err);
      // A known refusal will not change by trying again; anything else (a lost connection) may.
      setError(key && te.has(key as never) ? { text: te(key as never), final: true } : { text: te('errors.confirmation.failed'), final: false });
    } finally {
      setPending(false);
    }
  }

  return (
    <section className={styles.card} aria-labelledby="confirmation-heading">
      <h1 id="confirmation-heading">{t(`${confirmation.kind}.heading`)}</h1>
      <p>{t(`${confirmation.kind}.question`, { mission: confirmation.missionName, date: deliveryDate })}</p>
      {confirmation.state === 'open' && (
        <>
          <p className={styles.note}>{t('validUntil', { date: date(confirmation.expiresAt) })}</p>
          <button type="button" className={styles.button} disabled={pending} onClick={() => void confirm()}>
            {pending ? t('confirming') : t('confirm')}
          </button>
        </>
      )}
      {confirmation.state === 'confirmed' && (
        <p role="status" className={styles.done}>
          {t('done')} {confirmation.confirmedAt && t('confirmedOn', { date: date(confirmation.confirmedAt) })}
        </p>
      )}
      {confirmation.state === 'expired' && <p className={styles.problem}>{t('expired')}</p>}
      {error && (
        <p role="alert" className={styles.problem}>
          {error.text}
        </p>
      )}
      {error?.final && <p>{t('askForNew')}</p>}
      {(confirmation.state === 'expired' || error?.final) && contact}
    </section>
  );
}
