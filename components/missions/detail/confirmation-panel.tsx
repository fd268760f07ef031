'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useNotify } from '@/components/platform/notifications';
import fieldStyles from '@/components/ui/field.module.css';
import { confirmations } from '@/lib/client/api/confirmations';
import { messageKeyOf } from '@/lib/client/fetcher';
import { useEndpoint } from '@/lib/client/api/use-endpoint';
import { useAppTimeZone } from '@/lib/i18n/time-zone';
import { formatDate } from '@/lib/shared/format/date';
import { CONFIRMATION_STEPS, type ConfirmationKind } from '@/lib/shared/vocabulary/confirmation';
import { useMission } from './mission-context';
import styles from './detail.module.css';

const kindAt = (step: string): ConfirmationKind | null =>
  (Object.keys(CONFIRMATION_STEPS) as ConfirmationKind[]).find((kind) => CONFIRMATION_STEPS[kind].awaiting === step) ?? null;

/**
 * Customer confirmation (issue 20 point 5): while the mission waits at `order_confirm` or
 * `confirm_delivery_date`, whoever may set its step sends the customer a single-use link; the
 * requests sent so far are listed with their state. Typed values stay when sending fails.
 */
export function ConfirmationPanel() {
  const t = useTranslations('missions.detail.confirmation');
  const te = useTranslations();
  const locale = useLocale();
  const timeZone = useAppTimeZone();
  const notify = useNotify();
  const { mission, editable } = useMission();
  const kind = kindAt(mission.step);
  const mayRequest = editable.has('step');
  const { data, mutate } = useEndpoint(confirmations.listConfirmations, mayRequest ? { params: { id: mission.id } } : null, { revalidateOnFocus: false });
  const [recipient, setRecipient] = useState('');
  const [deliveryDate, setDeliveryDate] = useState(mission.deliveryDate ?? '');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const recipientId = useId();
  const dateId = useId();
  const items = data?.items ?? [];
  if (!mayRequest || (!kind && items.length === 0)) return null;

  const day = (iso: string) => formatDate(iso, locale, { timeZone: 'UTC', time: false });
  async function send() {
    if (!kind) return;
    const body = { kind, recipient, ...(kind === 'delivery_date' ? { deliveryDate } : {}) };
    // The schema loads when the form is sent: zod (about 28 kB) stays out of the page's first load.
    const { confirmationRequest } = await import('@/lib/shared/schemas/confirmation');
    const parsed = confirmationRequest.safeParse(body);
    if (!parsed.success) {
      setProblem(te(parsed.error.issues[0]?.path[0] === 'deliveryDate' ? 'validation.required' : 'validation.email'));
      return;
    }
    setPending(true);
    setProblem(null);
    try {
      const sent = await confirmations.requestConfirmation({ params: { id: mission.id }, body: parsed.data });
      notify({ type: 'success', text: t('sent', { recipient: sent.recipient }) });
      await mutate();
    } catch (err) {
      const key = messageKeyOf(err);
      setProblem(key?.startsWith('errors.confirmation.') && te.has(key as never) ? te(key as never) : t('failed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <section className={styles.stack} aria-labelledby={`${recipientId}-title`}>
      <h3 id={`${recipientId}-title`}>{t('title')}</h3>
      {kind && (
        <>
          <p>{t(`hint.${kind}`)}</p>
          <form
            className={styles.shareForm}
            // The same schema as the server's checks the values and says what is wrong, in the page's language.
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void send();
            }}
          >
            <div className={fieldStyles.field}>
              <label className={fieldStyles.label} htmlFor={recipientId}>
                {t('recipient')}
              </label>
              <input id={recipientId} type="email" required autoComplete="email" className={fieldStyles.control} value={recipient} onChange={(e) => setRecipient(e.target.value)} />
            </div>
            {kind === 'delivery_date' && (
              <div className={fieldStyles.field}>
                <label className={fieldStyles.label} htmlFor={dateId}>
                  {t('deliveryDate')}
                </label>
                <input id={dateId} type="date" required className={fieldStyles.control} value={deliveryDate} onChange={(e) => setDeliveryDate(e.target.value)} />
              </div>
            )}
            <button type="submit" className={styles.button} disabled={pending}>
              {t('send')}
            </button>
          </form>
          {problem && (
            <p role="alert" className={fieldStyles.error}>
              {problem}
            </p>
          )}
        </>
      )}
      {items.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('what')}</th>
                <th scope="col">{t('sentTo')}</th>
                <th scope="col">{t('status')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id}>
                  <td>{t(`kind.${item.kind}`, { date: item.deliveryDate ? day(item.deliveryDate) : '' })}</td>
                  <td>{item.recipient}</td>
                  <td>{t(`state.${item.state}`, { date: formatDate(item.state === 'confirmed' ? item.confirmedAt : item.expiresAt, locale, { timeZone }) })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
