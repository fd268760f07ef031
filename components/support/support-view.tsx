'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyFieldErrors } from '@/components/admin/companies/server-errors';
import { useFieldMessage } from '@/components/admin/companies/field-message';
import styles from '@/components/profile/profile.module.css';
import { ByteCountTextArea } from '@/components/ui/byte-count-text-area';
import { TextInput } from '@/components/ui/text-input';
import { SupportContact } from './support-contact';
import { support } from '@/lib/client/api/support';
import { ApiError } from '@/lib/client/fetcher';
import { SUPPORT_MAX_BYTES, supportRequest, type SupportContact as Contact, type SupportReceipt, type SupportRequest, type SupportRequestInput } from '@/lib/shared/schemas/support';
import { formValidationOptions } from '@/lib/shared/validation/form';

export interface SupportViewProps {
  contact: Contact;
  /** The page the user came from, sent along (a path of the app). */
  page?: string;
  /** The mission of that page, sent along. */
  missionId?: number;
}

/**
 * spec §2 support: whom to reach, and a message to the support mailbox that carries who sends it,
 * from which page and about which mission. On a failure the typed message stays.
 */
export function SupportView({ contact, page, missionId }: SupportViewProps) {
  const t = useTranslations('support');
  const message = useFieldMessage();
  const [receipt, setReceipt] = useState<SupportReceipt | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SupportRequestInput, unknown, SupportRequest>({ ...formValidationOptions, resolver: zodResolver(supportRequest), defaultValues: { subject: '', message: '', page, missionId } });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      setReceipt(await support.sendSupportRequest({ body: values }));
      reset();
    } catch (err) {
      if (applyFieldErrors(err, ['subject', 'message'], setError)) return;
      setFailure(err instanceof ApiError && err.code === 'rate_limited' ? t('tooMany') : t('failed'));
    }
  });

  return (
    <div className={styles.page}>
      <h1>{t('title')}</h1>
      <section className={styles.section} aria-labelledby="support-contact">
        <h2 id="support-contact">{t('contact')}</h2>
        <SupportContact contact={contact} className={styles.status} />
      </section>
      <section className={styles.section} aria-labelledby="support-write">
        <h2 id="support-write">{t('write')}</h2>
        {receipt ? (
          <div role="status" className={styles.form}>
            <p className={styles.status}>{t('sent', { reference: receipt.reference })}</p>
            <div className={styles.actions}>
              <button type="button" className={styles.button} onClick={() => setReceipt(null)}>
                {t('another')}
              </button>
            </div>
          </div>
        ) : (
          <form className={styles.form} onSubmit={submit} noValidate>
            <TextInput label={t('subject')} required maxLength={SUPPORT_MAX_BYTES.subject} {...register('subject')} error={message(errors.subject?.message)} />
            <ByteCountTextArea label={t('message')} required maxBytes={SUPPORT_MAX_BYTES.message} {...register('message')} />
            {errors.message?.message && (
              <p role="alert" className={styles.error}>
                {message(errors.message.message)}
              </p>
            )}
            {(page || missionId) && (
              <p className={styles.muted}>
                {missionId ? t('aboutMission', { id: missionId, page: page ?? '' }) : t('aboutPage', { page: page ?? '' })}
              </p>
            )}
            {failure && (
              <p role="alert" className={styles.error}>
                {failure}
              </p>
            )}
            <div className={styles.actions}>
              <button type="submit" className={styles.button} disabled={isSubmitting}>
                {t('send')}
              </button>
            </div>
          </form>
        )}
      </section>
    </div>
  );
}
